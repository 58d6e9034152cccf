# labels: name::rt_detr author::huggingface task::computer_vision test_group::daily
"""
RT-DETR real-time detector (ResNet-50-vd backbone).
Built from transformers.RTDetrConfig() with random weights: RTDetrForObjectDetection(config).
Source: https://huggingface.co/docs/transformers/model_doc/rt_detr
"""
from benchit.parser import parse
import torch
from transformers import RTDetrConfig, RTDetrForObjectDetection

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = RTDetrConfig()
model = RTDetrForObjectDetection(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
