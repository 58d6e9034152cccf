# labels: name::csatv2 author::timm task::image_classification model_family::csatv2 test_group::daily
"""
csatv2: timm.create_model("csatv2", pretrained=False), random weights (11.1M parameters).
Module: timm.models.csatv2 (CSATv2)
Source: https://github.com/huggingface/pytorch-image-models (timm/models/csatv2.py)
Runs at its default input size from timm's pretrained_cfg, 512 x 512 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("csatv2", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 512, 512)

with torch.no_grad():
    model(inputs)
