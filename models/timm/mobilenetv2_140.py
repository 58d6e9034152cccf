# labels: name::mobilenetv2_140 author::timm task::image_classification model_family::efficientnet test_group::daily
"""
mobilenetv2_140: timm.create_model("mobilenetv2_140", pretrained=False), random weights (6.1M parameters).
Module: timm.models.efficientnet (The EfficientNet Family in PyTorch)
Paper (the first the module cites): EfficientNetV2: Smaller Models and Faster Training, https://arxiv.org/abs/2104.00298
Source: https://github.com/huggingface/pytorch-image-models (timm/models/efficientnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("mobilenetv2_140", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
