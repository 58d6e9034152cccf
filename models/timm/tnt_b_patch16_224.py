# labels: name::tnt_b_patch16_224 author::timm task::image_classification model_family::tnt test_group::daily
"""
tnt_b_patch16_224: timm.create_model("tnt_b_patch16_224", pretrained=False), random weights (65.4M parameters).
Module: timm.models.tnt (Transformer in Transformer (TNT) in PyTorch)
Paper (the first the module cites): Transformer in Transformer, https://arxiv.org/abs/2103.00112
Paper of the default pretrained config tnt_b_patch16_224.in1k: Transformer in Transformer
Source: https://github.com/huggingface/pytorch-image-models (timm/models/tnt.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("tnt_b_patch16_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
