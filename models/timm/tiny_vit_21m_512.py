# labels: name::tiny_vit_21m_512 author::timm task::image_classification model_family::tiny_vit test_group::daily
"""
tiny_vit_21m_512: timm.create_model("tiny_vit_21m_512", pretrained=False), random weights (21.3M parameters).
Module: timm.models.tiny_vit (TinyViT)
Paper (the first the module cites): TinyViT: Fast Pretraining Distillation for Small Vision Transformers, https://arxiv.org/abs/2207.10666
Source: https://github.com/huggingface/pytorch-image-models (timm/models/tiny_vit.py)
Runs at its default input size from timm's pretrained_cfg, 512 x 512 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("tiny_vit_21m_512", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 512, 512)

with torch.no_grad():
    model(inputs)
