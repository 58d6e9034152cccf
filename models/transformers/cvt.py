# labels: name::cvt author::huggingface task::computer_vision test_group::daily
"""
CvT (convolutional vision transformer, 13).
Built from transformers.CvtConfig(...) with random weights: CvtModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/cvt
"""
from benchit.parser import parse
import torch
from transformers import CvtConfig, CvtModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = CvtConfig(num_channels=num_channels)
model = CvtModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
