# labels: name::gcvit_xtiny author::timm task::image_classification model_family::gcvit test_group::daily
"""
gcvit_xtiny: timm.create_model("gcvit_xtiny", pretrained=False), random weights (20.0M parameters).
Module: timm.models.gcvit (Global Context ViT)
Paper (the first the module cites): Global Context Vision Transformers, https://arxiv.org/abs/2206.09959
Source: https://github.com/huggingface/pytorch-image-models (timm/models/gcvit.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("gcvit_xtiny", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
