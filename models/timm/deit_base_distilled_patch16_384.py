# labels: name::deit_base_distilled_patch16_384 author::timm task::image_classification model_family::deit test_group::daily
"""
deit_base_distilled_patch16_384: timm.create_model("deit_base_distilled_patch16_384", pretrained=False), random weights (87.6M parameters).
Module: timm.models.deit (DeiT - Data-efficient Image Transformers)
Paper (the first the module cites): Training data-efficient image transformers & distillation through attention, https://arxiv.org/abs/2012.12877
Source: https://github.com/huggingface/pytorch-image-models (timm/models/deit.py)
Runs at its default input size from timm's pretrained_cfg, 384 x 384 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("deit_base_distilled_patch16_384", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 384, 384)

with torch.no_grad():
    model(inputs)
