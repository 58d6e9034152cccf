# labels: name::beit_large_patch16_512 author::timm task::image_classification model_family::beit test_group::daily
"""
beit_large_patch16_512: timm.create_model("beit_large_patch16_512", pretrained=False), random weights (305.7M parameters).
Module: timm.models.beit (BEiT: BERT Pre-Training of Image Transformers (https://arxiv.org/abs/2106.08254))
Paper (the first the module cites): BEiT: BERT Pre-Training of Image Transformers, https://arxiv.org/abs/2106.08254
Source: https://github.com/huggingface/pytorch-image-models (timm/models/beit.py)
Runs at its default input size from timm's pretrained_cfg, 512 x 512 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("beit_large_patch16_512", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 512, 512)

with torch.no_grad():
    model(inputs)
