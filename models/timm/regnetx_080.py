# labels: name::regnetx_080 author::timm task::image_classification model_family::regnet test_group::daily
"""
regnetx_080: timm.create_model("regnetx_080", pretrained=False), random weights (39.6M parameters).
Module: timm.models.regnet (RegNet X, Y, Z, and more)
Paper (the first the module cites): Designing Network Design Spaces, https://arxiv.org/abs/2003.13678
Source: https://github.com/huggingface/pytorch-image-models (timm/models/regnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("regnetx_080", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
