# labels: name::dpn68 author::timm task::image_classification model_family::dpn test_group::daily
"""
dpn68: timm.create_model("dpn68", pretrained=False), random weights (12.6M parameters).
Module: timm.models.dpn (PyTorch implementation of DualPathNetworks)
Paper (the first the module cites): Dual Path Networks, https://arxiv.org/abs/1707.01629
Source: https://github.com/huggingface/pytorch-image-models (timm/models/dpn.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("dpn68", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
