# labels: name::repghostnet_200 author::timm task::image_classification model_family::repghost test_group::daily
"""
repghostnet_200: timm.create_model("repghostnet_200", pretrained=False), random weights (9.8M parameters).
Module: timm.models.repghost (An implementation of RepGhostNet Model as defined in:)
Paper (the first the module cites): RepGhost: A Hardware-Efficient Ghost Module via Re-parameterization, https://arxiv.org/abs/2211.06088
Source: https://github.com/huggingface/pytorch-image-models (timm/models/repghost.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("repghostnet_200", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
