# labels: name::vgg11_bn author::timm task::image_classification model_family::vgg test_group::daily
"""
vgg11_bn: timm.create_model("vgg11_bn", pretrained=False), random weights (132.9M parameters).
Module: timm.models.vgg (VGG)
Paper (the first the module cites): Very Deep Convolutional Networks for Large-Scale Image Recognition, https://arxiv.org/abs/1409.1556
Source: https://github.com/huggingface/pytorch-image-models (timm/models/vgg.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("vgg11_bn", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
