# labels: name::mvitv2_huge_cls author::timm task::image_classification model_family::mvitv2 test_group::daily
"""
mvitv2_huge_cls: timm.create_model("mvitv2_huge_cls", pretrained=False), random weights (694.8M parameters).
Module: timm.models.mvitv2 (Multi-Scale Vision Transformer v2)
Paper (the first the module cites): MViTv2: Improved Multiscale Vision Transformers for Classification and Detection, https://arxiv.org/abs/2112.01526
Source: https://github.com/huggingface/pytorch-image-models (timm/models/mvitv2.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("mvitv2_huge_cls", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
