# labels: name::efficientvit_m0 author::timm task::image_classification model_family::efficientvit_msra test_group::daily
"""
efficientvit_m0: timm.create_model("efficientvit_m0", pretrained=False), random weights (2.3M parameters).
Module: timm.models.efficientvit_msra (EfficientViT (by MSRA))
Paper (the first the module cites): EfficientViT: Memory Efficient Vision Transformer with Cascaded Group Attention, https://arxiv.org/abs/2305.07027
Source: https://github.com/huggingface/pytorch-image-models (timm/models/efficientvit_msra.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("efficientvit_m0", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
