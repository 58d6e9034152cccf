# labels: name::pit_ti_distilled_224 author::timm task::image_classification model_family::pit test_group::daily
"""
pit_ti_distilled_224: timm.create_model("pit_ti_distilled_224", pretrained=False), random weights (5.1M parameters).
Module: timm.models.pit (Pooling-based Vision Transformer (PiT) in PyTorch)
Paper (the first the module cites): Rethinking Spatial Dimensions of Vision Transformers, https://arxiv.org/abs/2103.16302
Source: https://github.com/huggingface/pytorch-image-models (timm/models/pit.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("pit_ti_distilled_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
