# labels: name::efficientloftr author::huggingface task::computer_vision test_group::daily
"""
EfficientLoFTR detector-free local feature matcher (one image pair).
Built from transformers.EfficientLoFTRConfig() with random weights: EfficientLoFTRModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/efficientloftr
"""
from benchit.parser import parse
import torch
from transformers import EfficientLoFTRConfig, EfficientLoFTRModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = EfficientLoFTRConfig()
model = EfficientLoFTRModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 2, num_channels, height, width)}  # the two images of each pair

with torch.no_grad():
    model(**inputs)
