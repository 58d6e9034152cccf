# labels: name::samvit_base_patch16_224 author::timm task::image_classification model_family::vision_transformer_sam test_group::daily
"""
samvit_base_patch16_224: timm.create_model("samvit_base_patch16_224", pretrained=False), random weights (86.5M parameters).
Module: timm.models.vision_transformer_sam (Vision Transformer (ViT) in PyTorch)
Paper (the first the module cites): Exploring Plain Vision Transformer Backbones for Object Detection, https://arxiv.org/abs/2203.16527
Source: https://github.com/huggingface/pytorch-image-models (timm/models/vision_transformer_sam.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("samvit_base_patch16_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
