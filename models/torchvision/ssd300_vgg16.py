# labels: name::ssd300_vgg16 author::torchvision task::object_detection test_group::daily
"""
SSD300: torchvision.models.detection.ssd300_vgg16(weights=None, weights_backbone=None), random weights.
Paper: Liu et al., SSD: Single Shot MultiBox Detector, https://arxiv.org/abs/1512.02325
Source: https://pytorch.org/vision/stable/models.html#object-detection-instance-segmentation-and-person-keypoint-detection

Detection models take a list of 3-D image tensors (one per image, values in [0, 1]).
SSD models resize every image to their fixed input size (300 or 320) internally.
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.detection.ssd300_vgg16(weights=None, weights_backbone=None).eval()
images = [torch.rand(num_channels, height, width) for _ in range(batch_size)]

with torch.no_grad():
    model(images)
