# labels: name::deit3_huge_patch14_224 author::timm task::image_classification model_family::deit test_group::daily
"""
deit3_huge_patch14_224: timm.create_model("deit3_huge_patch14_224", pretrained=False), random weights (632.1M parameters).
Module: timm.models.deit (DeiT - Data-efficient Image Transformers)
Paper (the first the module cites): Training data-efficient image transformers & distillation through attention, https://arxiv.org/abs/2012.12877
Source: https://github.com/huggingface/pytorch-image-models (timm/models/deit.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("deit3_huge_patch14_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
