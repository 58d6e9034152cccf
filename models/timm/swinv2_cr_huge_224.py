# labels: name::swinv2_cr_huge_224 author::timm task::image_classification model_family::swin_transformer_v2_cr test_group::daily
"""
swinv2_cr_huge_224: timm.create_model("swinv2_cr_huge_224", pretrained=False), random weights (657.8M parameters).
Module: timm.models.swin_transformer_v2_cr (Swin Transformer V2)
Paper (the first the module cites): Swin Transformer V2: Scaling Up Capacity and Resolution, https://arxiv.org/abs/2111.09883
Source: https://github.com/huggingface/pytorch-image-models (timm/models/swin_transformer_v2_cr.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("swinv2_cr_huge_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
