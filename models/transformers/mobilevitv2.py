# labels: name::mobilevitv2 author::huggingface task::computer_vision test_group::daily
"""
MobileViTV2.
Built from transformers.MobileViTV2Config(...) with random weights: MobileViTV2Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/mobilevitv2
"""
from benchit.parser import parse
import torch
from transformers import MobileViTV2Config, MobileViTV2Model

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = MobileViTV2Config(num_channels=num_channels)
model = MobileViTV2Model(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
