# labels: name::davit_giant author::timm task::image_classification model_family::davit test_group::daily
# skipped: 1.41B parameters: 5.6 GB of fp32 weights alone, over the corpus's 6 GB limit for building
# the model and one forward pass.
"""
davit_giant: timm.create_model("davit_giant", pretrained=False), random weights (1.41B parameters).
Module: timm.models.davit (DaViT: Dual Attention Vision Transformers)
Paper (the first the module cites): DaViT: Dual Attention Vision Transformers, https://arxiv.org/abs/2204.03645
Source: https://github.com/huggingface/pytorch-image-models (timm/models/davit.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("davit_giant", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
