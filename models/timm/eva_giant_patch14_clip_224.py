# labels: name::eva_giant_patch14_clip_224 author::timm task::image_classification model_family::eva test_group::daily
"""
eva_giant_patch14_clip_224: timm.create_model("eva_giant_patch14_clip_224", pretrained=False), random weights (1.01B parameters).
Module: timm.models.eva (EVA)
Paper (the first the module cites): EVA: Exploring the Limits of Masked Visual Representation Learning at Scale, https://arxiv.org/abs/2211.07636
Source: https://github.com/huggingface/pytorch-image-models (timm/models/eva.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("eva_giant_patch14_clip_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
