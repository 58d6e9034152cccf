# labels: name::fastvit_mci3 author::timm task::image_classification model_family::fastvit test_group::daily
"""
fastvit_mci3: timm.create_model("fastvit_mci3", pretrained=False), random weights (125.2M parameters).
Module: timm.models.fastvit (FastViT)
Paper (the first the module cites): FastViT: A Fast Hybrid Vision Transformer using Structural Reparameterization, https://arxiv.org/abs/2303.14189
Source: https://github.com/huggingface/pytorch-image-models (timm/models/fastvit.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("fastvit_mci3", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
