# labels: name::r3d_18 author::torchvision task::video_classification test_group::ci,daily
"""
3D ResNet (R3D): torchvision.models.video.r3d_18(weights=None), random weights.
Paper: Tran et al., A Closer Look at Spatiotemporal Convolutions, https://arxiv.org/abs/1711.11248
Source: https://pytorch.org/vision/stable/models.html#video-classification
Video models take clips shaped (batch, channels, frames, height, width); 16 frames here.
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])
num_frames = 16

model = torchvision.models.video.r3d_18(weights=None).eval()
clip = torch.rand(batch_size, num_channels, num_frames, height, width)

with torch.no_grad():
    model(clip)
