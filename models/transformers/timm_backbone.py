# labels: name::timm_backbone author::huggingface task::computer_vision test_group::daily
"""
A timm model as a transformers backbone (ResNet-50, four feature maps).
Built from transformers.TimmBackboneConfig(...) with random weights: TimmBackbone(config).

TimmBackboneConfig() names no timm model; this one wraps timm's resnet50, built without weights.
Source: https://huggingface.co/docs/transformers/model_doc/timm_wrapper
"""
from benchit.parser import parse
import torch
from transformers import TimmBackboneConfig, TimmBackbone

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = TimmBackboneConfig(backbone="resnet50", use_pretrained_backbone=False, num_channels=num_channels, out_indices=(1, 2, 3, 4))
model = TimmBackbone(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
