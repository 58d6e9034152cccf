# labels: name::convit_tiny author::timm task::image_classification model_family::convit test_group::daily
"""
convit_tiny: timm.create_model("convit_tiny", pretrained=False), random weights (5.7M parameters).
Module: timm.models.convit (ConViT Model)
Paper (the first the module cites): ConViT: Improving Vision Transformers with Soft Convolutional Inductive Biases, https://arxiv.org/abs/2103.10697
Source: https://github.com/huggingface/pytorch-image-models (timm/models/convit.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("convit_tiny", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
