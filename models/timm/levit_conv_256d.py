# labels: name::levit_conv_256d author::timm task::image_classification model_family::levit test_group::daily
"""
levit_conv_256d: timm.create_model("levit_conv_256d", pretrained=False), random weights (26.2M parameters).
Module: timm.models.levit (LeViT)
Paper (the first the module cites): LeViT: a Vision Transformer in ConvNet's Clothing for Faster Inference, https://arxiv.org/abs/2104.01136
Source: https://github.com/huggingface/pytorch-image-models (timm/models/levit.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("levit_conv_256d", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
