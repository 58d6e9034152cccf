# labels: name::convnext_xxlarge author::timm task::image_classification model_family::convnext test_group::daily
"""
convnext_xxlarge: timm.create_model("convnext_xxlarge", pretrained=False), random weights (846.5M parameters).
Module: timm.models.convnext (ConvNeXt)
Paper (the first the module cites): A ConvNet for the 2020s, https://arxiv.org/abs/2201.03545
Source: https://github.com/huggingface/pytorch-image-models (timm/models/convnext.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("convnext_xxlarge", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
