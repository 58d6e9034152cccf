# labels: name::pixart_sigma author::diffusers task::image_generation test_group::daily
"""
PixArt-Sigma text-to-image diffusion transformer (611M parameters): diffusers.PixArtTransformer2DModel
built with the transformer config of PixArt-alpha/PixArt-Sigma-XL-2-1024-MS written inline (28 blocks
of 1152, position embeddings interpolated from a 64-patch grid, no micro-conditions), random weights.
One denoising step on 4-channel latents of height/8 x width/8 and 300 T5-XXL tokens (4096 wide).
Source: https://huggingface.co/docs/diffusers/api/models/pixart_transformer2d
Paper: Chen et al., PixArt-Sigma, https://arxiv.org/abs/2403.04692
"""
from benchit.parser import parse
import torch
from diffusers import PixArtTransformer2DModel

torch.manual_seed(0)
batch_size, height, width = parse(["batch_size", "height", "width"])

model = PixArtTransformer2DModel(
    num_attention_heads=16,
    attention_head_dim=72,
    in_channels=4,
    out_channels=8,
    num_layers=28,
    cross_attention_dim=1152,
    caption_channels=4096,
    sample_size=128,
    patch_size=2,
    norm_type="ada_norm_single",
    use_additional_conditions=False,
    interpolation_scale=2,
).eval()

inputs = {
    "hidden_states": torch.randn(batch_size, 4, height // 8, width // 8),
    "encoder_hidden_states": torch.randn(batch_size, 300, 4096),
    "timestep": torch.full((batch_size,), 999),
    "added_cond_kwargs": {"resolution": None, "aspect_ratio": None},
}

with torch.no_grad():
    model(**inputs)
