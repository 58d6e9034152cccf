# labels: name::flux_transformer author::diffusers task::image_generation test_group::daily
"""
FLUX.1-dev rectified-flow transformer: diffusers.FluxTransformer2DModel built with the transformer
config of black-forest-labs/FLUX.1-dev written inline, random weights, but with 1 of its 19
double-stream blocks and 2 of its 38 single-stream blocks: the full model is 12B parameters (48 GB
in fp32). Every block has the real width (24 heads x 128 = 3072).
One denoising step: 16-channel latents of height/8 x width/8 packed into 2 x 2 patches (64 features
per token), 512 T5 tokens (4096 wide), pooled CLIP embeddings (768), guidance scale, and the
3-axis rotary position ids of image and text tokens.
Source: https://huggingface.co/docs/diffusers/api/models/flux_transformer
"""
from benchit.parser import parse
import torch
from diffusers import FluxTransformer2DModel

torch.manual_seed(0)
batch_size, height, width = parse(["batch_size", "height", "width"])

model = FluxTransformer2DModel(
    patch_size=1,
    in_channels=64,
    num_layers=1,  # 19 in FLUX.1-dev
    num_single_layers=2,  # 38 in FLUX.1-dev
    attention_head_dim=128,
    num_attention_heads=24,
    joint_attention_dim=4096,
    pooled_projection_dim=768,
    guidance_embeds=True,
    axes_dims_rope=(16, 56, 56),
).eval()

latent_h, latent_w = height // 16, width // 16  # latent (height/8) packed in 2 x 2 patches
text_tokens = 512
img_ids = torch.zeros(latent_h, latent_w, 3)
img_ids[..., 1] = torch.arange(latent_h)[:, None]
img_ids[..., 2] = torch.arange(latent_w)[None, :]

inputs = {
    "hidden_states": torch.randn(batch_size, latent_h * latent_w, 64),
    "encoder_hidden_states": torch.randn(batch_size, text_tokens, 4096),
    "pooled_projections": torch.randn(batch_size, 768),
    "timestep": torch.full((batch_size,), 1.0),
    "img_ids": img_ids.reshape(-1, 3),
    "txt_ids": torch.zeros(text_tokens, 3),
    "guidance": torch.full((batch_size,), 3.5),
}

with torch.no_grad():
    model(**inputs)
