# labels: name::fasterrcnn_resnet50_fpn_v2 author::torchvision task::object_detection test_group::daily
"""
Faster R-CNN v2: torchvision.models.detection.fasterrcnn_resnet50_fpn_v2(weights=None, weights_backbone=None), random weights.
Paper: Li et al., Benchmarking Detection Transfer Learning with Vision Transformers, https://arxiv.org/abs/2111.11429
Source: https://pytorch.org/vision/stable/models.html#object-detection-instance-segmentation-and-person-keypoint-detection

Detection models take a list of 3-D image tensors (one per image, values in [0, 1]).
The model's transform resizes images to 800 pixels (shorter side) internally.
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.detection.fasterrcnn_resnet50_fpn_v2(weights=None, weights_backbone=None).eval()
images = [torch.rand(num_channels, height, width) for _ in range(batch_size)]

with torch.no_grad():
    model(images)
