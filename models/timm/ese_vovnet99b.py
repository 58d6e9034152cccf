# labels: name::ese_vovnet99b author::timm task::image_classification model_family::vovnet test_group::daily
"""
ese_vovnet99b: timm.create_model("ese_vovnet99b", pretrained=False), random weights (63.2M parameters).
Module: timm.models.vovnet (VoVNet (V1 & V2))
Paper (the first the module cites): An Energy and GPU-Computation Efficient Backbone Network for Real-Time Object Detection, https://arxiv.org/abs/1904.09730
Source: https://github.com/huggingface/pytorch-image-models (timm/models/vovnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("ese_vovnet99b", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
