# labels: name::repvgg_b1g4 author::timm task::image_classification model_family::byobnet test_group::daily
"""
repvgg_b1g4: timm.create_model("repvgg_b1g4", pretrained=False), random weights (40.0M parameters).
Module: timm.models.byobnet (Bring-Your-Own-Blocks Network)
Paper (the first the module cites): Neural Architecture Design for GPU-Efficient Networks, https://arxiv.org/abs/2006.14090
Source: https://github.com/huggingface/pytorch-image-models (timm/models/byobnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("repvgg_b1g4", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
