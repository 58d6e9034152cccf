# labels: name::xcit_small_24_p8_384 author::timm task::image_classification model_family::xcit test_group::daily
"""
xcit_small_24_p8_384: timm.create_model("xcit_small_24_p8_384", pretrained=False), random weights (47.6M parameters).
Module: timm.models.xcit (Cross-Covariance Image Transformer (XCiT) in PyTorch)
Paper (the first the module cites): XCiT: Cross-Covariance Image Transformers, https://arxiv.org/abs/2106.09681
Source: https://github.com/huggingface/pytorch-image-models (timm/models/xcit.py)
Runs at its default input size from timm's pretrained_cfg, 384 x 384 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("xcit_small_24_p8_384", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 384, 384)

with torch.no_grad():
    model(inputs)
