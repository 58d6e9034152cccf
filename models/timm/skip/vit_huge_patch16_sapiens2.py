# labels: name::vit_huge_patch16_sapiens2 author::timm task::image_classification model_family::eva test_group::daily
# skipped: 814M parameters at 1024 x 768: building it and one forward pass took 79 s, over the
# corpus's 60 s (benchit --analyze-only -j 2 on the idle 2-core CPU, 2026-11-24).
"""
vit_huge_patch16_sapiens2: timm.create_model("vit_huge_patch16_sapiens2", pretrained=False), random weights (814.3M parameters).
Module: timm.models.eva (EVA)
Paper (the first the module cites): EVA: Exploring the Limits of Masked Visual Representation Learning at Scale, https://arxiv.org/abs/2211.07636
Paper of the default pretrained config vit_huge_patch16_sapiens2.fb: arXiv:2604.21681
Source: https://github.com/huggingface/pytorch-image-models (timm/models/eva.py)
Runs at its default input size from timm's pretrained_cfg, 1024 x 768 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("vit_huge_patch16_sapiens2", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 1024, 768)

with torch.no_grad():
    model(inputs)
