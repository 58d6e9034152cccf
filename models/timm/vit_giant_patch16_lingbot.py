# labels: name::vit_giant_patch16_lingbot author::timm task::image_classification model_family::eva test_group::daily
"""
vit_giant_patch16_lingbot: timm.create_model("vit_giant_patch16_lingbot", pretrained=False), random weights (1.13B parameters).
Module: timm.models.eva (EVA)
Paper (the first the module cites): EVA: Exploring the Limits of Masked Visual Representation Learning at Scale, https://arxiv.org/abs/2211.07636
Paper of the default pretrained config vit_giant_patch16_lingbot.robbyant: arXiv:2607.05247
Source: https://github.com/huggingface/pytorch-image-models (timm/models/eva.py)
Runs at its default input size from timm's pretrained_cfg, 512 x 512 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("vit_giant_patch16_lingbot", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 512, 512)

with torch.no_grad():
    model(inputs)
