# labels: name::unet2d author::benchit task::image_generation test_group::benchmarks
"""
A DDPM-style UNet2DModel from diffusers with its default config and random weights: a heavy
script for benchit's own benchmarks (the diffusers import, a 100M-parameter UNet, one step).
"""

import torch
from diffusers import UNet2DModel

from benchit.parser import parse

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

model = UNet2DModel(sample_size=64).eval()
sample = torch.randn(batch_size, 3, 64, 64)

with torch.no_grad():
    model(sample, timestep=10)
