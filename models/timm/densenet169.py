# labels: name::densenet169 author::timm task::image_classification model_family::densenet test_group::daily
"""
densenet169: timm.create_model("densenet169", pretrained=False), random weights (14.1M parameters).
Module: timm.models.densenet (Pytorch Densenet implementation w/ tweaks)
Paper (the first the module cites): Densely Connected Convolutional Networks, https://arxiv.org/abs/1608.06993
Source: https://github.com/huggingface/pytorch-image-models (timm/models/densenet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("densenet169", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
