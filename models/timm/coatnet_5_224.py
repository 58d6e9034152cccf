# labels: name::coatnet_5_224 author::timm task::image_classification model_family::maxxvit test_group::daily
"""
coatnet_5_224: timm.create_model("coatnet_5_224", pretrained=False), random weights (687.5M parameters).
Module: timm.models.maxxvit (MaxVit and CoAtNet Vision Transformer - CNN Hybrids in PyTorch)
Paper (the first the module cites): MaxViT: Multi-Axis Vision Transformer, https://arxiv.org/abs/2204.01697
Source: https://github.com/huggingface/pytorch-image-models (timm/models/maxxvit.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("coatnet_5_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
