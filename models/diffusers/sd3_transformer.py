# labels: name::sd3_transformer author::diffusers task::image_generation test_group::daily
"""
Stable Diffusion 3 Medium MMDiT denoiser: diffusers.SD3Transformer2DModel built with the transformer
config of stabilityai/stable-diffusion-3-medium written inline, random weights, but with 4 of its
24 joint blocks (num_layers=4) so it fits a CPU run: the full model is 2B parameters (8 GB in fp32).
Every block has the real width (24 heads x 64 = 1536).
One denoising step on 16-channel latents of height/8 x width/8 with 333 text tokens (77 CLIP +
256 T5, 4096 wide) and the pooled CLIP embeddings (2048).
Source: https://huggingface.co/docs/diffusers/api/models/sd3_transformer2d
Paper: Esser et al., Scaling Rectified Flow Transformers, https://arxiv.org/abs/2403.03206
"""
from benchit.parser import parse
import torch
from diffusers import SD3Transformer2DModel

torch.manual_seed(0)
batch_size, height, width = parse(["batch_size", "height", "width"])

model = SD3Transformer2DModel(
    sample_size=128,
    patch_size=2,
    in_channels=16,
    out_channels=16,
    num_layers=4,  # 24 in SD3 Medium
    attention_head_dim=64,
    num_attention_heads=24,
    joint_attention_dim=4096,
    caption_projection_dim=1536,
    pooled_projection_dim=2048,
    pos_embed_max_size=192,
).eval()

inputs = {
    "hidden_states": torch.randn(batch_size, 16, height // 8, width // 8),
    "encoder_hidden_states": torch.randn(batch_size, 333, 4096),
    "pooled_projections": torch.randn(batch_size, 2048),
    "timestep": torch.full((batch_size,), 999),
}

with torch.no_grad():
    model(**inputs)
