# labels: name::conditional_detr author::huggingface task::computer_vision test_group::daily
"""
Conditional DETR object detector (ResNet-50 backbone).
Built from transformers.ConditionalDetrConfig(...) with random weights: ConditionalDetrForObjectDetection(config).

Uses the transformers ResNet-50 (ResNetConfig) instead of the default timm backbone.
Source: https://huggingface.co/docs/transformers/model_doc/conditional_detr
"""
from benchit.parser import parse
import torch
from transformers import ConditionalDetrConfig, ConditionalDetrForObjectDetection, ResNetConfig

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = ConditionalDetrConfig(backbone_config=ResNetConfig(num_channels=num_channels, out_features=["stage4"]))
model = ConditionalDetrForObjectDetection(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
