# labels: name::inception_v4 author::timm task::image_classification model_family::inception_v4 test_group::daily
"""
inception_v4: timm.create_model("inception_v4", pretrained=False), random weights (42.7M parameters).
Module: timm.models.inception_v4 (Pytorch Inception-V4 implementation)
Paper (the first the module cites): Inception-v4, Inception-ResNet and the Impact of Residual Connections on Learning, https://arxiv.org/abs/1602.07261
Source: https://github.com/huggingface/pytorch-image-models (timm/models/inception_v4.py)
Runs at its default input size from timm's pretrained_cfg, 299 x 299 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("inception_v4", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 299, 299)

with torch.no_grad():
    model(inputs)
