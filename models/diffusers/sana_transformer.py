# labels: name::sana_transformer author::diffusers task::image_generation test_group::daily
"""
Sana 600M linear-attention diffusion transformer: diffusers.SanaTransformer2DModel built with the
transformer config of Efficient-Large-Model/Sana_600M_1024px written inline (28 blocks of 1152,
linear self-attention, Mix-FFN), random weights.
One denoising step on the 32-channel latents of Sana's deep-compression autoencoder (height/32 x
width/32) with 300 Gemma-2 text tokens (2304 wide).
Source: https://huggingface.co/docs/diffusers/api/models/sana_transformer2d
Paper: Xie et al., SANA, https://arxiv.org/abs/2410.10629
"""
from benchit.parser import parse
import torch
from diffusers import SanaTransformer2DModel

torch.manual_seed(0)
batch_size, height, width = parse(["batch_size", "height", "width"])

model = SanaTransformer2DModel(
    in_channels=32,
    out_channels=32,
    num_attention_heads=36,
    attention_head_dim=32,
    num_layers=28,
    num_cross_attention_heads=16,
    cross_attention_head_dim=72,
    cross_attention_dim=1152,
    caption_channels=2304,
    mlp_ratio=2.5,
    sample_size=32,
    patch_size=1,
).eval()

inputs = {
    "hidden_states": torch.randn(batch_size, 32, height // 32, width // 32),
    "encoder_hidden_states": torch.randn(batch_size, 300, 2304),
    "timestep": torch.full((batch_size,), 999),
}

with torch.no_grad():
    model(**inputs)
