# labels: name::nasnetalarge author::timm task::image_classification model_family::nasnet test_group::daily
"""
nasnetalarge: timm.create_model("nasnetalarge", pretrained=False), random weights (88.8M parameters).
Module: timm.models.nasnet (NasNet-A (Large))
Paper (the first the module cites): Learning Transferable Architectures for Scalable Image Recognition, https://arxiv.org/abs/1707.07012
Source: https://github.com/huggingface/pytorch-image-models (timm/models/nasnet.py)
Runs at its default input size from timm's pretrained_cfg, 331 x 331 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("nasnetalarge", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 331, 331)

with torch.no_grad():
    model(inputs)
