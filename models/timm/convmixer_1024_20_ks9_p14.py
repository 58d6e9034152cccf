# labels: name::convmixer_1024_20_ks9_p14 author::timm task::image_classification model_family::convmixer test_group::daily
"""
convmixer_1024_20_ks9_p14: timm.create_model("convmixer_1024_20_ks9_p14", pretrained=False), random weights (24.4M parameters).
Module: timm.models.convmixer (ConvMixer)
Paper (the first the module cites): Patches Are All You Need?, https://arxiv.org/abs/2201.09792
Source: https://github.com/huggingface/pytorch-image-models (timm/models/convmixer.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("convmixer_1024_20_ks9_p14", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
