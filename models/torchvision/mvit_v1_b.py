# labels: name::mvit_v1_b author::torchvision task::video_classification test_group::daily
"""
MViT v1: torchvision.models.video.mvit_v1_b(weights=None), random weights.
Paper: Fan et al., Multiscale Vision Transformers, https://arxiv.org/abs/2104.11227
Source: https://pytorch.org/vision/stable/models.html#video-classification
Video models take clips shaped (batch, channels, frames, height, width); 16 frames here.
MViT is built for 16 x 224 x 224 clips (its position embeddings have that fixed size),
so it only runs with the default height and width.
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])
num_frames = 16

model = torchvision.models.video.mvit_v1_b(weights=None).eval()
clip = torch.rand(batch_size, num_channels, num_frames, height, width)

with torch.no_grad():
    model(clip)
