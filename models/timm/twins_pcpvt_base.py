# labels: name::twins_pcpvt_base author::timm task::image_classification model_family::twins test_group::daily
"""
twins_pcpvt_base: timm.create_model("twins_pcpvt_base", pretrained=False), random weights (43.8M parameters).
Module: timm.models.twins (Twins)
Paper (the first the module cites): Twins: Revisiting the Design of Spatial Attention in Vision Transformers, https://arxiv.org/abs/2104.13840
Source: https://github.com/huggingface/pytorch-image-models (timm/models/twins.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("twins_pcpvt_base", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
