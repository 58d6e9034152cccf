# labels: name::hiera_huge_224 author::timm task::image_classification model_family::hiera test_group::daily
"""
hiera_huge_224: timm.create_model("hiera_huge_224", pretrained=False), random weights (672.8M parameters).
Module: timm.models.hiera (An PyTorch implementation of Hiera)
Paper (the first the module cites): Hiera: A Hierarchical Vision Transformer without the Bells-and-Whistles, https://arxiv.org/abs/2306.00989
Source: https://github.com/huggingface/pytorch-image-models (timm/models/hiera.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("hiera_huge_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
