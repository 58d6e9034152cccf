# labels: name::mobilenet_v1 author::huggingface task::computer_vision test_group::ci,daily
"""
MobileNetV1.
Built from transformers.MobileNetV1Config(...) with random weights: MobileNetV1Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/mobilenet_v1
"""
from benchit.parser import parse
import torch
from transformers import MobileNetV1Config, MobileNetV1Model

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = MobileNetV1Config(num_channels=num_channels)
model = MobileNetV1Model(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
