# labels: name::ese_vovnet57b author::timm task::image_classification model_family::vovnet test_group::daily
"""
ese_vovnet57b: timm.create_model("ese_vovnet57b", pretrained=False), random weights (38.6M parameters).
Module: timm.models.vovnet (VoVNet (V1 & V2))
Paper (the first the module cites): An Energy and GPU-Computation Efficient Backbone Network for Real-Time Object Detection, https://arxiv.org/abs/1904.09730
Source: https://github.com/huggingface/pytorch-image-models (timm/models/vovnet.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("ese_vovnet57b", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
