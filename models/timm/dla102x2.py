# labels: name::dla102x2 author::timm task::image_classification model_family::dla test_group::daily
"""
dla102x2: timm.create_model("dla102x2", pretrained=False), random weights (41.3M parameters).
Module: timm.models.dla (Deep Layer Aggregation and DLA w/ Res2Net)
Paper (the first the module cites): Deep Layer Aggregation, https://arxiv.org/abs/1707.06484
Source: https://github.com/huggingface/pytorch-image-models (timm/models/dla.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("dla102x2", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
