# labels: name::fasternet_m author::timm task::image_classification model_family::fasternet test_group::daily
"""
fasternet_m: timm.create_model("fasternet_m", pretrained=False), random weights (53.5M parameters).
Module: timm.models.fasternet (FasterNet)
Paper (the first the module cites): Run, Don't Walk: Chasing Higher FLOPS for Faster Neural Networks, https://arxiv.org/abs/2303.03667
Paper of the default pretrained config fasternet_m.in1k: Run, Don't Walk: Chasing Higher FLOPS for Faster Neural Networks
Source: https://github.com/huggingface/pytorch-image-models (timm/models/fasternet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("fasternet_m", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
