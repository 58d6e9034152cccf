# labels: name::quantized_shufflenet_v2_x0_5 author::torchvision task::image_classification test_group::daily
"""
Post-training-quantized ShuffleNetV2 (int8): torchvision.models.quantization.shufflenet_v2_x0_5(weights=None, quantize=True).
With weights=None torchvision builds the float model with random weights, fuses it, calibrates it
on one random image and converts it to int8 (backend fbgemm), so no download is needed.
Paper: Ma et al., ShuffleNet V2, https://arxiv.org/abs/1807.11164
Source: https://pytorch.org/vision/stable/models.html#quantized-models
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.quantization.shufflenet_v2_x0_5(weights=None, quantize=True).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
