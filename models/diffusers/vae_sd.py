# labels: name::vae_sd author::diffusers task::image_generation test_group::ci,daily
"""
Stable Diffusion 1.x/2.x/XL variational autoencoder (84M parameters): diffusers.AutoencoderKL built with
the vae/config.json of Stable Diffusion v1.5 written inline (SDXL's VAE has the same architecture),
random weights. The forward pass encodes an RGB image to a 4-channel latent of height/8 x width/8
(taking the posterior mode) and decodes it back.
Source: https://huggingface.co/docs/diffusers/api/models/autoencoderkl
"""
from benchit.parser import parse
import torch
from diffusers import AutoencoderKL

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = AutoencoderKL(
    in_channels=num_channels,
    out_channels=num_channels,
    down_block_types=("DownEncoderBlock2D",) * 4,
    up_block_types=("UpDecoderBlock2D",) * 4,
    block_out_channels=(128, 256, 512, 512),
    layers_per_block=2,
    latent_channels=4,
    sample_size=512,
    scaling_factor=0.18215,
).eval()

image = torch.rand(batch_size, num_channels, height, width) * 2 - 1  # pixel values in [-1, 1]

with torch.no_grad():
    model(image)
