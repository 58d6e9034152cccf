# labels: name::swinv2_small_window16_256 author::timm task::image_classification model_family::swin_transformer_v2 test_group::daily
"""
swinv2_small_window16_256: timm.create_model("swinv2_small_window16_256", pretrained=False), random weights (49.7M parameters).
Module: timm.models.swin_transformer_v2 (Swin Transformer V2)
Paper (the first the module cites): Swin Transformer V2: Scaling Up Capacity and Resolution, https://arxiv.org/abs/2111.09883
Source: https://github.com/huggingface/pytorch-image-models (timm/models/swin_transformer_v2.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("swinv2_small_window16_256", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
