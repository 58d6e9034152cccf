# labels: name::zoedepth author::huggingface task::computer_vision test_group::daily
"""
ZoeDepth metric depth estimation (BEiT-L DPT backbone).
Built from transformers.ZoeDepthConfig() with random weights: ZoeDepthForDepthEstimation(config).
Source: https://huggingface.co/docs/transformers/model_doc/zoedepth
"""
from benchit.parser import parse
import torch
from transformers import ZoeDepthConfig, ZoeDepthForDepthEstimation

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = ZoeDepthConfig()
model = ZoeDepthForDepthEstimation(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
