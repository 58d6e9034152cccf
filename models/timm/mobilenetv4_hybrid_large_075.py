# labels: name::mobilenetv4_hybrid_large_075 author::timm task::image_classification model_family::mobilenetv3 test_group::daily
"""
mobilenetv4_hybrid_large_075: timm.create_model("mobilenetv4_hybrid_large_075", pretrained=False), random weights (22.8M parameters).
Module: timm.models.mobilenetv3 (MobileNet V3)
Paper (the first the module cites): Searching for MobileNetV3, https://arxiv.org/abs/1905.02244
Source: https://github.com/huggingface/pytorch-image-models (timm/models/mobilenetv3.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("mobilenetv4_hybrid_large_075", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
