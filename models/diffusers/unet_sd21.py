# labels: name::unet_sd21 author::diffusers task::image_generation test_group::daily
"""
Stable Diffusion 2.x denoising UNet (865M parameters): diffusers.UNet2DConditionModel built with the
unet/config.json of Stable Diffusion 2.1 written inline (linear attention projections, per-level
head dims), random weights.
One denoising step on a batch of latents (height/8 x width/8, 4 channels) conditioned on 77
OpenCLIP ViT-H/14 text embeddings (1024 wide).
Source: https://huggingface.co/docs/diffusers/api/models/unet2d-cond
"""
from benchit.parser import parse
import torch
from diffusers import UNet2DConditionModel

torch.manual_seed(0)
batch_size, height, width = parse(["batch_size", "height", "width"])

model = UNet2DConditionModel(
    sample_size=96,
    in_channels=4,
    out_channels=4,
    down_block_types=("CrossAttnDownBlock2D", "CrossAttnDownBlock2D", "CrossAttnDownBlock2D", "DownBlock2D"),
    up_block_types=("UpBlock2D", "CrossAttnUpBlock2D", "CrossAttnUpBlock2D", "CrossAttnUpBlock2D"),
    block_out_channels=(320, 640, 1280, 1280),
    layers_per_block=2,
    cross_attention_dim=1024,
    attention_head_dim=(5, 10, 20, 20),
    use_linear_projection=True,
    norm_num_groups=32,
).eval()

inputs = {
    "sample": torch.randn(batch_size, 4, height // 8, width // 8),
    "timestep": torch.tensor(999),
    "encoder_hidden_states": torch.randn(batch_size, 77, 1024),
}

with torch.no_grad():
    model(**inputs)
