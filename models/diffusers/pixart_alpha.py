# labels: name::pixart_alpha author::diffusers task::image_generation test_group::daily
"""
PixArt-alpha text-to-image diffusion transformer (611M parameters): diffusers.PixArtTransformer2DModel
built with the transformer config of PixArt-alpha/PixArt-XL-2-1024-MS written inline (28 blocks of
1152, adaLN-single, cross-attention to T5 text embeddings), random weights.
One denoising step on 4-channel latents of height/8 x width/8, 120 T5-XXL tokens (4096 wide) and the
resolution / aspect-ratio micro-conditions.
Source: https://huggingface.co/docs/diffusers/api/models/pixart_transformer2d
Paper: Chen et al., PixArt-alpha, https://arxiv.org/abs/2310.00426
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
    use_additional_conditions=True,
).eval()

inputs = {
    "hidden_states": torch.randn(batch_size, 4, height // 8, width // 8),
    "encoder_hidden_states": torch.randn(batch_size, 120, 4096),
    "timestep": torch.full((batch_size,), 999),
    "added_cond_kwargs": {
        "resolution": torch.tensor([[height, width]], dtype=torch.float32).repeat(batch_size, 1),
        "aspect_ratio": torch.tensor([[height / width]], dtype=torch.float32).repeat(batch_size, 1),
    },
}

with torch.no_grad():
    model(**inputs)
