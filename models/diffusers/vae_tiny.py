# labels: name::vae_tiny author::diffusers task::image_generation test_group::ci,daily
"""
Tiny AutoEncoder for Stable Diffusion (TAESD, 2.4M parameters): diffusers.AutoencoderTiny with its
default config (madebyollin/taesd), random weights. The forward pass encodes an RGB image to a
4-channel latent of height/8 x width/8 and decodes it back.
Source: https://huggingface.co/docs/diffusers/api/models/autoencoder_tiny
"""
from benchit.parser import parse
import torch
from diffusers import AutoencoderTiny

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = AutoencoderTiny(in_channels=num_channels, out_channels=num_channels).eval()
image = torch.rand(batch_size, num_channels, height, width) * 2 - 1

with torch.no_grad():
    model(image)
