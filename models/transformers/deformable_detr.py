# labels: name::deformable_detr author::huggingface task::computer_vision test_group::daily
"""
Deformable DETR object detector (ResNet-50 backbone; PyTorch multi-scale deformable attention).
Built from transformers.DeformableDetrConfig(...) with random weights: DeformableDetrForObjectDetection(config).

Uses the transformers ResNet-50 (ResNetConfig) instead of the default timm backbone.
Source: https://huggingface.co/docs/transformers/model_doc/deformable_detr
"""
from benchit.parser import parse
import torch
from transformers import DeformableDetrConfig, DeformableDetrForObjectDetection, ResNetConfig

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = DeformableDetrConfig(backbone_config=ResNetConfig(num_channels=num_channels, out_features=["stage2", "stage3", "stage4"]))
model = DeformableDetrForObjectDetection(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
