# labels: name::nextvit_small author::timm task::image_classification model_family::nextvit test_group::daily
"""
nextvit_small: timm.create_model("nextvit_small", pretrained=False), random weights (31.8M parameters).
Module: timm.models.nextvit (Next-ViT)
Paper (the first the module cites): Next-ViT: Next Generation Vision Transformer for Efficient Deployment in Realistic Industrial Scenarios, https://arxiv.org/abs/2207.05501
Source: https://github.com/huggingface/pytorch-image-models (timm/models/nextvit.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("nextvit_small", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
