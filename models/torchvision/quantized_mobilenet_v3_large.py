# labels: name::quantized_mobilenet_v3_large author::torchvision task::image_classification test_group::daily
"""
Post-training-quantized MobileNetV3 (int8): torchvision.models.quantization.mobilenet_v3_large(weights=None, quantize=True).
With weights=None torchvision builds the float model with random weights, fuses it, calibrates it
on one random image and converts it to int8 (backend fbgemm), so no download is needed.
Paper: Howard et al., Searching for MobileNetV3, https://arxiv.org/abs/1905.02244
Source: https://pytorch.org/vision/stable/models.html#quantized-models
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.quantization.mobilenet_v3_large(weights=None, quantize=True).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
