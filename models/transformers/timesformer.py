# labels: name::timesformer author::huggingface task::video test_group::daily
"""
TimeSformer video transformer (divided space-time attention), 8 frames.
Built from transformers.TimesformerConfig(...) with random weights: TimesformerModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/timesformer
"""
from benchit.parser import parse
import torch
from transformers import TimesformerConfig, TimesformerModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = TimesformerConfig(image_size=height, num_channels=num_channels)
model = TimesformerModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, config.num_frames, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
