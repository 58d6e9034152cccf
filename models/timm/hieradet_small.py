# labels: name::hieradet_small author::timm task::image_classification model_family::hieradet_sam2 test_group::daily
"""
hieradet_small: timm.create_model("hieradet_small", pretrained=False), random weights (34.7M parameters).
Module: timm.models.hieradet_sam2 (HieraDet (SAM 2 Hiera image encoder))
Paper (the first the module cites): SAM 2: Segment Anything in Images and Videos, https://arxiv.org/abs/2408.00714
Source: https://github.com/huggingface/pytorch-image-models (timm/models/hieradet_sam2.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("hieradet_small", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
