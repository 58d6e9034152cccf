# labels: name::csatv2_21m author::timm task::image_classification model_family::csatv2 test_group::daily
"""
csatv2_21m: timm.create_model("csatv2_21m", pretrained=False), random weights (20.7M parameters).
Module: timm.models.csatv2 (CSATv2)
Source: https://github.com/huggingface/pytorch-image-models (timm/models/csatv2.py)
Runs at its default input size from timm's pretrained_cfg, 640 x 640 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("csatv2_21m", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 640, 640)

with torch.no_grad():
    model(inputs)
