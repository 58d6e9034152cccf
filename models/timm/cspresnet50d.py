# labels: name::cspresnet50d author::timm task::image_classification model_family::cspnet test_group::daily
"""
cspresnet50d: timm.create_model("cspresnet50d", pretrained=False), random weights (21.6M parameters).
Module: timm.models.cspnet (PyTorch CspNet)
Paper (the first the module cites): CSPNet: A New Backbone that can Enhance Learning Capability of CNN, https://arxiv.org/abs/1911.11929
Source: https://github.com/huggingface/pytorch-image-models (timm/models/cspnet.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("cspresnet50d", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
