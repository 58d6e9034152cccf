# labels: name::naflexvit_large_patch16_radio_v3 author::timm task::image_classification model_family::naflexvit test_group::daily
"""
naflexvit_large_patch16_radio_v3: timm.create_model("naflexvit_large_patch16_radio_v3", pretrained=False), random weights (319.9M parameters).
Module: timm.models.naflexvit (NaFlex Vision Transformer)
Paper (the first the module cites): An Image is Worth 16x16 Words: Transformers for Image Recognition at Scale, https://arxiv.org/abs/2010.11929
Paper of the default pretrained config naflexvit_large_patch16_radio_v3.c_radio: arXiv:2412.07679
Source: https://github.com/huggingface/pytorch-image-models (timm/models/naflexvit.py)
Runs at its default input size from timm's pretrained_cfg, 512 x 512 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("naflexvit_large_patch16_radio_v3", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 512, 512)

with torch.no_grad():
    model(inputs)
