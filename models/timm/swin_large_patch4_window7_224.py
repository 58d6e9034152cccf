# labels: name::swin_large_patch4_window7_224 author::timm task::image_classification model_family::swin_transformer test_group::daily
"""
swin_large_patch4_window7_224: timm.create_model("swin_large_patch4_window7_224", pretrained=False), random weights (196.5M parameters).
Module: timm.models.swin_transformer (Swin Transformer)
Paper (the first the module cites): Swin Transformer: Hierarchical Vision Transformer using Shifted Windows, https://arxiv.org/abs/2103.14030
Source: https://github.com/huggingface/pytorch-image-models (timm/models/swin_transformer.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("swin_large_patch4_window7_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
