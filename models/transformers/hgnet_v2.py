# labels: name::hgnet_v2 author::huggingface task::computer_vision test_group::daily
"""
HGNet-V2 backbone.
Built from transformers.HGNetV2Config(...) with random weights: HGNetV2Backbone(config).
Source: https://huggingface.co/docs/transformers/model_doc/hgnet_v2
"""
from benchit.parser import parse
import torch
from transformers import HGNetV2Config, HGNetV2Backbone

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = HGNetV2Config(num_channels=num_channels)
model = HGNetV2Backbone(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
