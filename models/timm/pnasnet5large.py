# labels: name::pnasnet5large author::timm task::image_classification model_family::pnasnet test_group::daily
"""
pnasnet5large: timm.create_model("pnasnet5large", pretrained=False), random weights (86.1M parameters).
Module: timm.models.pnasnet (pnasnet5large implementation grabbed from Cadene's pretrained models)
Paper (the first the module cites): Progressive Neural Architecture Search, https://arxiv.org/abs/1712.00559
Source: https://github.com/huggingface/pytorch-image-models (timm/models/pnasnet.py)
Runs at its default input size from timm's pretrained_cfg, 331 x 331 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("pnasnet5large", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 331, 331)

with torch.no_grad():
    model(inputs)
