# labels: name::swin_base_patch4_window12_384 author::timm task::image_classification model_family::swin_transformer test_group::daily
"""
swin_base_patch4_window12_384: timm.create_model("swin_base_patch4_window12_384", pretrained=False), random weights (87.9M parameters).
Module: timm.models.swin_transformer (Swin Transformer)
Paper (the first the module cites): Swin Transformer: Hierarchical Vision Transformer using Shifted Windows, https://arxiv.org/abs/2103.14030
Source: https://github.com/huggingface/pytorch-image-models (timm/models/swin_transformer.py)
Runs at its default input size from timm's pretrained_cfg, 384 x 384 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("swin_base_patch4_window12_384", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 384, 384)

with torch.no_grad():
    model(inputs)
