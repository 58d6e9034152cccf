# labels: name::maskrcnn_resnet50_fpn author::torchvision task::object_detection test_group::daily
"""
Mask R-CNN: torchvision.models.detection.maskrcnn_resnet50_fpn(weights=None, weights_backbone=None), random weights.
Paper: He et al., Mask R-CNN, https://arxiv.org/abs/1703.06870
Source: https://pytorch.org/vision/stable/models.html#object-detection-instance-segmentation-and-person-keypoint-detection

Detection models take a list of 3-D image tensors (one per image, values in [0, 1]).
The model's transform resizes images to 800 pixels (shorter side) internally.
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.detection.maskrcnn_resnet50_fpn(weights=None, weights_backbone=None).eval()
images = [torch.rand(num_channels, height, width) for _ in range(batch_size)]

with torch.no_grad():
    model(images)
