# labels: name::resnet34 author::timm task::image_classification model_family::resnet test_group::daily
"""
resnet34: timm.create_model("resnet34", pretrained=False), random weights (21.8M parameters).
Module: timm.models.resnet (PyTorch ResNet)
Paper (the first the module cites): Deep Residual Learning for Image Recognition, https://arxiv.org/abs/1512.03385
Paper of the default pretrained config resnet34.a1_in1k: arXiv:2110.00476
Source: https://github.com/huggingface/pytorch-image-models (timm/models/resnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("resnet34", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
