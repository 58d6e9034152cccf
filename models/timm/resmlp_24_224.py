# labels: name::resmlp_24_224 author::timm task::image_classification model_family::mlp_mixer test_group::daily
"""
resmlp_24_224: timm.create_model("resmlp_24_224", pretrained=False), random weights (30.0M parameters).
Module: timm.models.mlp_mixer (MLP-Mixer, ResMLP, and gMLP in PyTorch)
Paper (the first the module cites): MLP-Mixer: An all-MLP Architecture for Vision, https://arxiv.org/abs/2105.01601
Source: https://github.com/huggingface/pytorch-image-models (timm/models/mlp_mixer.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("resmlp_24_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
