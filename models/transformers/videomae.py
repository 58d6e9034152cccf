# labels: name::videomae author::huggingface task::video test_group::daily
"""
VideoMAE video encoder, 16 frames.
Built from transformers.VideoMAEConfig(...) with random weights: VideoMAEModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/videomae
"""
from benchit.parser import parse
import torch
from transformers import VideoMAEConfig, VideoMAEModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = VideoMAEConfig(image_size=height, num_channels=num_channels)
model = VideoMAEModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, config.num_frames, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
