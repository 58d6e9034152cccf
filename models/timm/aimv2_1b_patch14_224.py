# labels: name::aimv2_1b_patch14_224 author::timm task::image_classification model_family::vision_transformer test_group::daily
"""
aimv2_1b_patch14_224: timm.create_model("aimv2_1b_patch14_224", pretrained=False), random weights (1.23B parameters).
Module: timm.models.vision_transformer (Vision Transformer (ViT) in PyTorch)
Paper (the first the module cites): An Image is Worth 16x16 Words: Transformers for Image Recognition at Scale, https://arxiv.org/abs/2010.11929
Source: https://github.com/huggingface/pytorch-image-models (timm/models/vision_transformer.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("aimv2_1b_patch14_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
