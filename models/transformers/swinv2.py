# labels: name::swinv2 author::huggingface task::computer_vision test_group::daily
"""
Swin Transformer V2 (tiny).
Built from transformers.Swinv2Config(...) with random weights: Swinv2Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/swinv2
"""
from benchit.parser import parse
import torch
from transformers import Swinv2Config, Swinv2Model

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = Swinv2Config(num_channels=num_channels)
model = Swinv2Model(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
