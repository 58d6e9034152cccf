# labels: name::quantized_resnet18 author::torchvision task::image_classification test_group::daily
"""
Post-training-quantized ResNet (int8): torchvision.models.quantization.resnet18(weights=None, quantize=True).
With weights=None torchvision builds the float model with random weights, fuses it, calibrates it
on one random image and converts it to int8 (backend fbgemm), so no download is needed.
Paper: He et al., Deep Residual Learning for Image Recognition, https://arxiv.org/abs/1512.03385
Source: https://pytorch.org/vision/stable/models.html#quantized-models
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.quantization.resnet18(weights=None, quantize=True).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
