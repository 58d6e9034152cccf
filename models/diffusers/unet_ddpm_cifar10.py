# labels: name::unet_ddpm_cifar10 author::diffusers task::image_generation test_group::ci,daily
"""
Small pixel-space DDPM UNet: diffusers.UNet2DModel built with the config of google/ddpm-cifar10-32
written inline (35.7M parameters), random weights. One denoising step on 32 x 32 RGB images, the
size this model is trained for (height and width are not used).
Source: https://huggingface.co/docs/diffusers/api/models/unet2d
Paper: Ho et al., Denoising Diffusion Probabilistic Models, https://arxiv.org/abs/2006.11239
"""
from benchit.parser import parse
import torch
from diffusers import UNet2DModel

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = UNet2DModel(
    sample_size=32,
    in_channels=num_channels,
    out_channels=num_channels,
    down_block_types=("DownBlock2D", "AttnDownBlock2D", "DownBlock2D", "DownBlock2D"),
    up_block_types=("UpBlock2D", "UpBlock2D", "AttnUpBlock2D", "UpBlock2D"),
    block_out_channels=(128, 256, 256, 256),
    layers_per_block=2,
).eval()

inputs = {
    "sample": torch.randn(batch_size, num_channels, 32, 32),
    "timestep": torch.tensor(999),
}

with torch.no_grad():
    model(**inputs)
