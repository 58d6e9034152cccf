# labels: name::maxvit_xlarge_tf_512 author::timm task::image_classification model_family::maxxvit test_group::daily
"""
maxvit_xlarge_tf_512: timm.create_model("maxvit_xlarge_tf_512", pretrained=False), random weights (475.8M parameters).
Module: timm.models.maxxvit (MaxVit and CoAtNet Vision Transformer - CNN Hybrids in PyTorch)
Paper (the first the module cites): MaxViT: Multi-Axis Vision Transformer, https://arxiv.org/abs/2204.01697
Source: https://github.com/huggingface/pytorch-image-models (timm/models/maxxvit.py)
Runs at its default input size from timm's pretrained_cfg, 512 x 512 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("maxvit_xlarge_tf_512", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 512, 512)

with torch.no_grad():
    model(inputs)
