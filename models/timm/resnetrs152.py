# labels: name::resnetrs152 author::timm task::image_classification model_family::resnet test_group::daily
"""
resnetrs152: timm.create_model("resnetrs152", pretrained=False), random weights (86.6M parameters).
Module: timm.models.resnet (PyTorch ResNet)
Paper (the first the module cites): Deep Residual Learning for Image Recognition, https://arxiv.org/abs/1512.03385
Source: https://github.com/huggingface/pytorch-image-models (timm/models/resnet.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("resnetrs152", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
