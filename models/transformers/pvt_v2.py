# labels: name::pvt_v2 author::huggingface task::computer_vision test_group::daily
"""
Pyramid Vision Transformer v2 (b0).
Built from transformers.PvtV2Config(...) with random weights: PvtV2Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/pvt_v2
"""
from benchit.parser import parse
import torch
from transformers import PvtV2Config, PvtV2Model

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = PvtV2Config(num_channels=num_channels)
model = PvtV2Model(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
