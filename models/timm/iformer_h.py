# labels: name::iformer_h author::timm task::image_classification model_family::iformer test_group::daily
"""
iformer_h: timm.create_model("iformer_h", pretrained=False), random weights (99.6M parameters).
Module: timm.models.iformer (iFormer)
Paper (the first the module cites): iFormer: Integrating ConvNet and Transformer for Mobile Application, https://arxiv.org/abs/2501.15369
Paper of the default pretrained config iformer_h.in1k: iFormer: Integrating ConvNet and Transformer for Mobile Application
Source: https://github.com/huggingface/pytorch-image-models (timm/models/iformer.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("iformer_h", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
