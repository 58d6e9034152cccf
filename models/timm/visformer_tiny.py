# labels: name::visformer_tiny author::timm task::image_classification model_family::visformer test_group::daily
"""
visformer_tiny: timm.create_model("visformer_tiny", pretrained=False), random weights (10.3M parameters).
Module: timm.models.visformer (Visformer)
Paper (the first the module cites): Visformer: The Vision-friendly Transformer, https://arxiv.org/abs/2104.12533
Source: https://github.com/huggingface/pytorch-image-models (timm/models/visformer.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("visformer_tiny", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
