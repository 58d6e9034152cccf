# labels: name::swin3d_b author::torchvision task::video_classification test_group::daily
"""
Video Swin Transformer: torchvision.models.video.swin3d_b(weights=None), random weights.
Paper: Liu et al., Video Swin Transformer, https://arxiv.org/abs/2106.13230
Source: https://pytorch.org/vision/stable/models.html#video-classification
Video models take clips shaped (batch, channels, frames, height, width); 16 frames here.
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])
num_frames = 16

model = torchvision.models.video.swin3d_b(weights=None).eval()
clip = torch.rand(batch_size, num_channels, num_frames, height, width)

with torch.no_grad():
    model(clip)
