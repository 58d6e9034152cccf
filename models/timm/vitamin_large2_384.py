# labels: name::vitamin_large2_384 author::timm task::image_classification model_family::vitamin test_group::daily
"""
vitamin_large2_384: timm.create_model("vitamin_large2_384", pretrained=False), random weights (334.0M parameters).
Module: timm.models.vitamin (ViTamin)
Paper (the first the module cites): ViTamin: Designing Scalable Vision Models in the Vision-Language Era, https://arxiv.org/abs/2404.02132
Source: https://github.com/huggingface/pytorch-image-models (timm/models/vitamin.py)
Runs at its default input size from timm's pretrained_cfg, 384 x 384 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("vitamin_large2_384", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 384, 384)

with torch.no_grad():
    model(inputs)
