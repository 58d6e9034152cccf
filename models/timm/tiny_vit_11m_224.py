# labels: name::tiny_vit_11m_224 author::timm task::image_classification model_family::tiny_vit test_group::daily
"""
tiny_vit_11m_224: timm.create_model("tiny_vit_11m_224", pretrained=False), random weights (20.4M parameters).
Module: timm.models.tiny_vit (TinyViT)
Paper (the first the module cites): TinyViT: Fast Pretraining Distillation for Small Vision Transformers, https://arxiv.org/abs/2207.10666
Source: https://github.com/huggingface/pytorch-image-models (timm/models/tiny_vit.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("tiny_vit_11m_224", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
