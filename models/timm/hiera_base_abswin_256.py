# labels: name::hiera_base_abswin_256 author::timm task::image_classification model_family::hiera test_group::daily
"""
hiera_base_abswin_256: timm.create_model("hiera_base_abswin_256", pretrained=False), random weights (51.3M parameters).
Module: timm.models.hiera (An PyTorch implementation of Hiera)
Paper (the first the module cites): Hiera: A Hierarchical Vision Transformer without the Bells-and-Whistles, https://arxiv.org/abs/2306.00989
Source: https://github.com/huggingface/pytorch-image-models (timm/models/hiera.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("hiera_base_abswin_256", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
