# labels: name::swin2sr author::huggingface task::computer_vision test_group::daily
"""
Swin2SR image super-resolution (x2).
Built from transformers.Swin2SRConfig(...) with random weights: Swin2SRForImageSuperResolution(config).

Runs on a height/4 x width/4 crop (56 x 56 by default): the x2 upscaler keeps full resolution in
every block.
Source: https://huggingface.co/docs/transformers/model_doc/swin2sr
"""
from benchit.parser import parse
import torch
from transformers import Swin2SRConfig, Swin2SRForImageSuperResolution

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])
height, width = height // 4, width // 4  # super-resolution inputs are low-resolution crops

config = Swin2SRConfig(num_channels=num_channels)
model = Swin2SRForImageSuperResolution(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
