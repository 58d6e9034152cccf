# labels: name::lambda_resnet50ts author::timm task::image_classification model_family::byoanet test_group::daily
"""
lambda_resnet50ts: timm.create_model("lambda_resnet50ts", pretrained=False), random weights (21.5M parameters).
Module: timm.models.byoanet (Bring-Your-Own-Attention Network)
Paper (the first the module cites): Bottleneck Transformers for Visual Recognition, https://arxiv.org/abs/2101.11605
Source: https://github.com/huggingface/pytorch-image-models (timm/models/byoanet.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("lambda_resnet50ts", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
