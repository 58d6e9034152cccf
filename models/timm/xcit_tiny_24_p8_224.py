# labels: name::xcit_tiny_24_p8_224 author::timm task::image_classification model_family::xcit test_group::daily
"""
xcit_tiny_24_p8_224: timm.create_model("xcit_tiny_24_p8_224", pretrained=False), random weights (12.1M parameters).
Module: timm.models.xcit (Cross-Covariance Image Transformer (XCiT) in PyTorch)
Paper (the first the module cites): XCiT: Cross-Covariance Image Transformers, https://arxiv.org/abs/2106.09681
Source: https://github.com/huggingface/pytorch-image-models (timm/models/xcit.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("xcit_tiny_24_p8_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
