# labels: name::quantized_inception_v3 author::torchvision task::image_classification test_group::daily
"""
Post-training-quantized Inception v3 (int8): torchvision.models.quantization.inception_v3(weights=None, quantize=True).
With weights=None torchvision builds the float model with random weights, fuses it, calibrates it
on one random image and converts it to int8 (backend fbgemm), so no download is needed.
Paper: Szegedy et al., Rethinking the Inception Architecture, https://arxiv.org/abs/1512.00567
Source: https://pytorch.org/vision/stable/models.html#quantized-models
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.quantization.inception_v3(weights=None, quantize=True, init_weights=True).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
