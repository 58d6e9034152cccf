# labels: name::dit_xl_2 author::diffusers task::image_generation test_group::daily
"""
DiT-XL/2 class-conditional diffusion transformer (675M parameters): diffusers.DiTTransformer2DModel
built with the transformer config of facebook/DiT-XL-2-256 written inline (28 blocks of 1152,
adaLN-Zero, patch size 2), random weights.
One denoising step on 4-channel latents of height/8 x width/8 with an ImageNet class label.
Source: https://huggingface.co/docs/diffusers/api/models/dit_transformer2d
Paper: Peebles and Xie, Scalable Diffusion Models with Transformers, https://arxiv.org/abs/2212.09748
"""
from benchit.parser import parse
import torch
from diffusers import DiTTransformer2DModel

torch.manual_seed(0)
batch_size, height, width = parse(["batch_size", "height", "width"])

model = DiTTransformer2DModel(
    num_attention_heads=16,
    attention_head_dim=72,
    in_channels=4,
    out_channels=8,  # noise and variance
    num_layers=28,
    sample_size=32,
    patch_size=2,
    norm_type="ada_norm_zero",
    num_embeds_ada_norm=1000,
).eval()

inputs = {
    "hidden_states": torch.randn(batch_size, 4, height // 8, width // 8),
    "timestep": torch.full((batch_size,), 999),
    "class_labels": torch.randint(1000, (batch_size,)),
}

with torch.no_grad():
    model(**inputs)
