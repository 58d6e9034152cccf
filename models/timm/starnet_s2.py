# labels: name::starnet_s2 author::timm task::image_classification model_family::starnet test_group::daily
"""
starnet_s2: timm.create_model("starnet_s2", pretrained=False), random weights (3.7M parameters).
Module: timm.models.starnet (Implementation of Proof-of-Concept Network: StarNet.)
Paper (the first the module cites): Rewrite the Stars, https://arxiv.org/abs/2403.19967
Paper of the default pretrained config starnet_s2.in1k: Rewrite the Stars
Source: https://github.com/huggingface/pytorch-image-models (timm/models/starnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("starnet_s2", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
