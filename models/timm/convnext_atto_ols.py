# labels: name::convnext_atto_ols author::timm task::image_classification model_family::convnext test_group::daily
"""
convnext_atto_ols: timm.create_model("convnext_atto_ols", pretrained=False), random weights (3.7M parameters).
Module: timm.models.convnext (ConvNeXt)
Paper (the first the module cites): A ConvNet for the 2020s, https://arxiv.org/abs/2201.03545
Source: https://github.com/huggingface/pytorch-image-models (timm/models/convnext.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("convnext_atto_ols", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
