# labels: name::segformer author::huggingface task::computer_vision test_group::daily
"""
SegFormer-B0 semantic segmentation (MiT encoder + all-MLP decoder).
Built from transformers.SegformerConfig(...) with random weights: SegformerForSemanticSegmentation(config).
Source: https://huggingface.co/docs/transformers/model_doc/segformer
"""
from benchit.parser import parse
import torch
from transformers import SegformerConfig, SegformerForSemanticSegmentation

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = SegformerConfig(num_channels=num_channels)
model = SegformerForSemanticSegmentation(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
