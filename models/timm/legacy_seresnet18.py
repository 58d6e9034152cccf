# labels: name::legacy_seresnet18 author::timm task::image_classification model_family::senet test_group::daily
"""
legacy_seresnet18: timm.create_model("legacy_seresnet18", pretrained=False), random weights (11.8M parameters).
Module: timm.models.senet (SEResNet implementation from Cadene's pretrained models)
Paper (the first the module cites): Squeeze-and-Excitation Networks, https://arxiv.org/abs/1709.01507
Source: https://github.com/huggingface/pytorch-image-models (timm/models/senet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("legacy_seresnet18", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
