# labels: name::shvit_s2 author::timm task::image_classification model_family::shvit test_group::daily
"""
shvit_s2: timm.create_model("shvit_s2", pretrained=False), random weights (11.5M parameters).
Module: timm.models.shvit (SHViT)
Paper (the first the module cites): SHViT: Single-Head Vision Transformer with Memory Efficient Macro Design, https://arxiv.org/abs/2401.16456
Paper of the default pretrained config shvit_s2.in1k: SHViT: Single-Head Vision Transformer with Memory Efficient Macro Design
Source: https://github.com/huggingface/pytorch-image-models (timm/models/shvit.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("shvit_s2", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
