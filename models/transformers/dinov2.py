# labels: name::dinov2 author::huggingface task::computer_vision test_group::daily
"""
DINOv2 ViT (position embeddings interpolated to the input size).
Built from transformers.Dinov2Config(...) with random weights: Dinov2Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/dinov2
"""
from benchit.parser import parse
import torch
from transformers import Dinov2Config, Dinov2Model

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = Dinov2Config(num_channels=num_channels)
model = Dinov2Model(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
