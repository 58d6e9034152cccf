# labels: name::googlenet author::torchvision task::image_classification test_group::daily
"""
GoogLeNet (Inception v1): torchvision.models.googlenet(weights=None), random weights.
Paper: Szegedy et al., Going Deeper with Convolutions, https://arxiv.org/abs/1409.4842
Source: https://pytorch.org/vision/stable/models.html
In eval mode the auxiliary classifiers are not run; the model returns the main logits.
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.googlenet(weights=None, init_weights=True).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
