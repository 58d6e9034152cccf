# labels: name::skresnet18 author::timm task::image_classification model_family::sknet test_group::daily
"""
skresnet18: timm.create_model("skresnet18", pretrained=False), random weights (12.0M parameters).
Module: timm.models.sknet (Selective Kernel Networks (ResNet base))
Paper (the first the module cites): Selective Kernel Networks, https://arxiv.org/abs/1903.06586
Source: https://github.com/huggingface/pytorch-image-models (timm/models/sknet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("skresnet18", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
