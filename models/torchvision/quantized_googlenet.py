# labels: name::quantized_googlenet author::torchvision task::image_classification test_group::daily
"""
Post-training-quantized GoogLeNet (Inception v1) (int8): torchvision.models.quantization.googlenet(weights=None, quantize=True).
With weights=None torchvision builds the float model with random weights, fuses it, calibrates it
on one random image and converts it to int8 (backend fbgemm), so no download is needed.
Paper: Szegedy et al., Going Deeper with Convolutions, https://arxiv.org/abs/1409.4842
Source: https://pytorch.org/vision/stable/models.html#quantized-models
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.quantization.googlenet(weights=None, quantize=True, init_weights=True).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
