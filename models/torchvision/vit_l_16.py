# labels: name::vit_l_16 author::torchvision task::image_classification test_group::daily
"""
Vision Transformer (ViT): torchvision.models.vit_l_16(weights=None), random weights.
Paper: Dosovitskiy et al., An Image is Worth 16x16 Words, https://arxiv.org/abs/2010.11929
Source: https://pytorch.org/vision/stable/models.html
ViT's position embeddings are sized for a square image of side image_size, so the
model is built with image_size=height and needs height == width.
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.vit_l_16(weights=None, image_size=height).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
