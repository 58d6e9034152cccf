# labels: name::cait_s24_224 author::timm task::image_classification model_family::cait test_group::daily
"""
cait_s24_224: timm.create_model("cait_s24_224", pretrained=False), random weights (46.9M parameters).
Module: timm.models.cait (Class-Attention in Image Transformers (CaiT))
Paper (the first the module cites): Going deeper with Image Transformers, https://arxiv.org/abs/2103.17239
Source: https://github.com/huggingface/pytorch-image-models (timm/models/cait.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("cait_s24_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
