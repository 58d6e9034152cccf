# labels: name::gemma4_vit_167m author::timm task::image_classification model_family::gemma4_vit test_group::daily
"""
gemma4_vit_167m: timm.create_model("gemma4_vit_167m", pretrained=False), random weights (167.4M parameters).
Module: timm.models.gemma4_vit (Gemma4 Vision Transformer)
Paper (the first the module cites): Gemma 4 Technical Report, https://arxiv.org/abs/2607.02770
Source: https://github.com/huggingface/pytorch-image-models (timm/models/gemma4_vit.py)
Runs at its default input size from timm's pretrained_cfg, 768 x 768 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("gemma4_vit_167m", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 768, 768)

with torch.no_grad():
    model(inputs)
