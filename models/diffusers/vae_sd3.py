# labels: name::vae_sd3 author::diffusers task::image_generation test_group::daily
"""
Stable Diffusion 3 / FLUX.1 variational autoencoder: diffusers.AutoencoderKL with 16 latent channels and
no quant convs, built with the vae/config.json of stable-diffusion-3-medium written inline
(FLUX.1 uses the same architecture), random weights. The forward pass encodes an RGB image to a
16-channel latent of height/8 x width/8 (posterior mode) and decodes it back.
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
    latent_channels=16,
    sample_size=1024,
    scaling_factor=1.5305,
    shift_factor=0.0609,
    use_quant_conv=False,
    use_post_quant_conv=False,
).eval()

image = torch.rand(batch_size, num_channels, height, width) * 2 - 1  # pixel values in [-1, 1]

with torch.no_grad():
    model(image)
