# labels: name::table_transformer author::huggingface task::computer_vision test_group::daily
"""
Table Transformer (DETR for table detection, ResNet-18-sized default backbone replaced by ResNet-50).
Built from transformers.TableTransformerConfig(...) with random weights: TableTransformerForObjectDetection(config).

Uses the transformers ResNet-50 (ResNetConfig) instead of the default timm backbone.
Source: https://huggingface.co/docs/transformers/model_doc/table-transformer
"""
from benchit.parser import parse
import torch
from transformers import TableTransformerConfig, TableTransformerForObjectDetection, ResNetConfig

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = TableTransformerConfig(backbone_config=ResNetConfig(num_channels=num_channels, out_features=["stage4"]))
model = TableTransformerForObjectDetection(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
