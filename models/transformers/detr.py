# labels: name::detr author::huggingface task::computer_vision test_group::daily
"""
DETR object detector with a ResNet-50 backbone.
Built from transformers.DetrConfig(...) with random weights: DetrForObjectDetection(config).

DetrConfig() defaults to a timm ResNet-50 backbone; this uses the transformers ResNet-50
(ResNetConfig) so timm is not needed.
Source: https://huggingface.co/docs/transformers/model_doc/detr
"""
from benchit.parser import parse
import torch
from transformers import DetrConfig, DetrForObjectDetection, ResNetConfig

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = DetrConfig(backbone_config=ResNetConfig(num_channels=num_channels, out_features=["stage4"]))
model = DetrForObjectDetection(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
