# labels: name::ecaresnet101d author::timm task::image_classification model_family::resnet test_group::daily
"""
ecaresnet101d: timm.create_model("ecaresnet101d", pretrained=False), random weights (44.6M parameters).
Module: timm.models.resnet (PyTorch ResNet)
Paper (the first the module cites): Deep Residual Learning for Image Recognition, https://arxiv.org/abs/1512.03385
Source: https://github.com/huggingface/pytorch-image-models (timm/models/resnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("ecaresnet101d", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
