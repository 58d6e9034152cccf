# labels: name::haloregnetz_b author::timm task::image_classification model_family::byoanet test_group::daily
"""
haloregnetz_b: timm.create_model("haloregnetz_b", pretrained=False), random weights (11.7M parameters).
Module: timm.models.byoanet (Bring-Your-Own-Attention Network)
Paper (the first the module cites): Bottleneck Transformers for Visual Recognition, https://arxiv.org/abs/2101.11605
Source: https://github.com/huggingface/pytorch-image-models (timm/models/byoanet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("haloregnetz_b", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
