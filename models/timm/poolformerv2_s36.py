# labels: name::poolformerv2_s36 author::timm task::image_classification model_family::metaformer test_group::daily
"""
poolformerv2_s36: timm.create_model("poolformerv2_s36", pretrained=False), random weights (30.8M parameters).
Module: timm.models.metaformer (Poolformer from MetaFormer is Actually What You Need for Vision https://arxiv.org/abs/2111.11418)
Paper (the first the module cites): MetaFormer Is Actually What You Need for Vision, https://arxiv.org/abs/2111.11418
Source: https://github.com/huggingface/pytorch-image-models (timm/models/metaformer.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("poolformerv2_s36", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
