# labels: name::mobilenetv5_300m author::timm task::image_classification model_family::mobilenetv5 test_group::daily
"""
mobilenetv5_300m: timm.create_model("mobilenetv5_300m", pretrained=False), random weights (294.1M parameters).
Module: timm.models.mobilenetv5 (MobileNet-V5)
Paper (the first the module cites): MobileNetV4 - Universal Models for the Mobile Ecosystem, https://arxiv.org/abs/2404.10518
Source: https://github.com/huggingface/pytorch-image-models (timm/models/mobilenetv5.py)
Runs at its default input size from timm's pretrained_cfg, 768 x 768 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("mobilenetv5_300m", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 768, 768)

with torch.no_grad():
    model(inputs)
