# labels: name::edgenext_small_rw author::timm task::image_classification model_family::edgenext test_group::daily
"""
edgenext_small_rw: timm.create_model("edgenext_small_rw", pretrained=False), random weights (7.8M parameters).
Module: timm.models.edgenext (EdgeNeXt)
Paper (the first the module cites): EdgeNeXt: Efficiently Amalgamated CNN-Transformer Architecture for Mobile Vision Applications, https://arxiv.org/abs/2206.10589
Source: https://github.com/huggingface/pytorch-image-models (timm/models/edgenext.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("edgenext_small_rw", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
