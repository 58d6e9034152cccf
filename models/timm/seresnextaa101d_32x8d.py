# labels: name::seresnextaa101d_32x8d author::timm task::image_classification model_family::resnet test_group::daily
"""
seresnextaa101d_32x8d: timm.create_model("seresnextaa101d_32x8d", pretrained=False), random weights (93.6M parameters).
Module: timm.models.resnet (PyTorch ResNet)
Paper (the first the module cites): Deep Residual Learning for Image Recognition, https://arxiv.org/abs/1512.03385
Source: https://github.com/huggingface/pytorch-image-models (timm/models/resnet.py)
Runs at its default input size from timm's pretrained_cfg, 288 x 288 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("seresnextaa101d_32x8d", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 288, 288)

with torch.no_grad():
    model(inputs)
