# labels: name::s3d author::torchvision task::video_classification test_group::daily
"""
S3D: torchvision.models.video.s3d(weights=None), random weights.
Paper: Xie et al., Rethinking Spatiotemporal Feature Learning, https://arxiv.org/abs/1712.04851
Source: https://pytorch.org/vision/stable/models.html#video-classification
Video models take clips shaped (batch, channels, frames, height, width); 16 frames here.
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])
num_frames = 16

model = torchvision.models.video.s3d(weights=None).eval()
clip = torch.rand(batch_size, num_channels, num_frames, height, width)

with torch.no_grad():
    model(clip)
