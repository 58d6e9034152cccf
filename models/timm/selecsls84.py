# labels: name::selecsls84 author::timm task::image_classification model_family::selecsls test_group::daily
"""
selecsls84: timm.create_model("selecsls84", pretrained=False), random weights (51.0M parameters).
Module: timm.models.selecsls (PyTorch SelecSLS Net example for ImageNet Classification)
Paper (the first the module cites): XNect: Real-time Multi-Person 3D Motion Capture with a Single RGB Camera, https://arxiv.org/abs/1907.00837
Source: https://github.com/huggingface/pytorch-image-models (timm/models/selecsls.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("selecsls84", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
