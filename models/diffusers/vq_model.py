# labels: name::vq_model author::diffusers task::image_generation test_group::daily
"""
VQ-GAN autoencoder of the latent diffusion models (CompVis/ldm-celebahq-256 vqvae: 3 levels, 3 latent
channels, 8192-entry codebook): diffusers.VQModel with that config written inline, random weights.
The forward pass encodes an RGB image to height/4 x width/4 latents, quantizes them to the codebook
and decodes.
Source: https://huggingface.co/docs/diffusers/api/models/vq
Paper: Esser et al., Taming Transformers, https://arxiv.org/abs/2012.09841
"""
from benchit.parser import parse
import torch
from diffusers import VQModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = VQModel(
    in_channels=num_channels,
    out_channels=num_channels,
    down_block_types=("DownEncoderBlock2D",) * 3,
    up_block_types=("UpDecoderBlock2D",) * 3,
    block_out_channels=(128, 256, 512),
    layers_per_block=2,
    latent_channels=3,
    num_vq_embeddings=8192,
    vq_embed_dim=3,
).eval()

image = torch.rand(batch_size, num_channels, height, width) * 2 - 1

with torch.no_grad():
    model(image)
