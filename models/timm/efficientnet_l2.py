# labels: name::efficientnet_l2 author::timm task::image_classification model_family::efficientnet test_group::daily
"""
efficientnet_l2: timm.create_model("efficientnet_l2", pretrained=False), random weights (480.3M parameters).
Module: timm.models.efficientnet (The EfficientNet Family in PyTorch)
Paper (the first the module cites): EfficientNetV2: Smaller Models and Faster Training, https://arxiv.org/abs/2104.00298
Source: https://github.com/huggingface/pytorch-image-models (timm/models/efficientnet.py)
Runs at its default input size from timm's pretrained_cfg, 800 x 800 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("efficientnet_l2", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 800, 800)

with torch.no_grad():
    model(inputs)
