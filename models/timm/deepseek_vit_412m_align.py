# labels: name::deepseek_vit_412m_align author::timm task::image_classification model_family::deepseek_vit test_group::daily
"""
deepseek_vit_412m_align: timm.create_model("deepseek_vit_412m_align", pretrained=False), random weights (485.3M parameters).
Module: timm.models.deepseek_vit (DeepSeek Vision Transformer)
Paper (the first the module cites): DeepSeek-V4.1-Flash: Pushing the Limits of KV Cache Compression, https://arxiv.org/abs/2609.19969
Source: https://github.com/huggingface/pytorch-image-models (timm/models/deepseek_vit.py)
Runs at its default input size from timm's pretrained_cfg, 546 x 546 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("deepseek_vit_412m_align", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 546, 546)

with torch.no_grad():
    model(inputs)
