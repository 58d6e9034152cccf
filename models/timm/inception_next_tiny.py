# labels: name::inception_next_tiny author::timm task::image_classification model_family::inception_next test_group::daily
"""
inception_next_tiny: timm.create_model("inception_next_tiny", pretrained=False), random weights (28.1M parameters).
Module: timm.models.inception_next (InceptionNeXt)
Paper (the first the module cites): InceptionNeXt: When Inception Meets ConvNeXt, https://arxiv.org/abs/2303.16900
Source: https://github.com/huggingface/pytorch-image-models (timm/models/inception_next.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("inception_next_tiny", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
