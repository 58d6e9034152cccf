# labels: name::mobilenet_v2 author::huggingface task::computer_vision test_group::daily
"""
MobileNetV2.
Built from transformers.MobileNetV2Config(...) with random weights: MobileNetV2Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/mobilenet_v2
"""
from benchit.parser import parse
import torch
from transformers import MobileNetV2Config, MobileNetV2Model

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = MobileNetV2Config(num_channels=num_channels)
model = MobileNetV2Model(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
