# labels: name::tinynet_e author::timm task::image_classification model_family::efficientnet test_group::daily
"""
tinynet_e: timm.create_model("tinynet_e", pretrained=False), random weights (2.0M parameters).
Module: timm.models.efficientnet (The EfficientNet Family in PyTorch)
Paper (the first the module cites): EfficientNetV2: Smaller Models and Faster Training, https://arxiv.org/abs/2104.00298
Source: https://github.com/huggingface/pytorch-image-models (timm/models/efficientnet.py)
Runs at its default input size from timm's pretrained_cfg, 106 x 106 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("tinynet_e", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 106, 106)

with torch.no_grad():
    model(inputs)
