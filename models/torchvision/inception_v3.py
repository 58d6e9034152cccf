# labels: name::inception_v3 author::torchvision task::image_classification test_group::daily
"""
Inception v3: torchvision.models.inception_v3(weights=None), random weights.
Paper: Szegedy et al., Rethinking the Inception Architecture, https://arxiv.org/abs/1512.00567
Source: https://pytorch.org/vision/stable/models.html
In eval mode the auxiliary classifiers are not run; the model returns the main logits.
Inception v3 was designed for 299x299 inputs; 224x224 also works (minimum 75x75).
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.inception_v3(weights=None, init_weights=True).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
