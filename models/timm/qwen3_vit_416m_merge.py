# labels: name::qwen3_vit_416m_merge author::timm task::image_classification model_family::qwen3_vit test_group::daily
"""
qwen3_vit_416m_merge: timm.create_model("qwen3_vit_416m_merge", pretrained=False), random weights (459.8M parameters).
Module: timm.models.qwen3_vit (Qwen3 Vision Transformer)
Paper (the first the module cites): Qwen3-VL Technical Report, https://arxiv.org/abs/2511.21631
Source: https://github.com/huggingface/pytorch-image-models (timm/models/qwen3_vit.py)
Runs at its default input size from timm's pretrained_cfg, 768 x 768 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("qwen3_vit_416m_merge", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 768, 768)

with torch.no_grad():
    model(inputs)
