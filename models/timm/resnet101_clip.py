# labels: name::resnet101_clip author::timm task::image_classification model_family::byobnet test_group::daily
"""
resnet101_clip: timm.create_model("resnet101_clip", pretrained=False), random weights (56.3M parameters).
Module: timm.models.byobnet (Bring-Your-Own-Blocks Network)
Paper (the first the module cites): Neural Architecture Design for GPU-Efficient Networks, https://arxiv.org/abs/2006.14090
Source: https://github.com/huggingface/pytorch-image-models (timm/models/byobnet.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("resnet101_clip", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
