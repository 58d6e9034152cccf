# labels: name::unet_ddpm author::diffusers task::image_generation test_group::daily
"""
Pixel-space DDPM denoising UNet: diffusers.UNet2DModel built with the config of google/ddpm-celebahq-256
written inline (6 levels, attention at 16x16), random weights. One denoising step on RGB images.
Source: https://huggingface.co/docs/diffusers/api/models/unet2d
Paper: Ho et al., Denoising Diffusion Probabilistic Models, https://arxiv.org/abs/2006.11239
"""
from benchit.parser import parse
import torch
from diffusers import UNet2DModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = UNet2DModel(
    sample_size=256,
    in_channels=num_channels,
    out_channels=num_channels,
    down_block_types=("DownBlock2D", "DownBlock2D", "DownBlock2D", "DownBlock2D", "AttnDownBlock2D", "DownBlock2D"),
    up_block_types=("UpBlock2D", "AttnUpBlock2D", "UpBlock2D", "UpBlock2D", "UpBlock2D", "UpBlock2D"),
    block_out_channels=(128, 128, 256, 256, 512, 512),
    layers_per_block=2,
).eval()

inputs = {
    "sample": torch.randn(batch_size, num_channels, height, width),
    "timestep": torch.tensor(999),
}

with torch.no_grad():
    model(**inputs)
