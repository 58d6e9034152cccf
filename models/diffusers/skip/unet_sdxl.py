# labels: name::unet_sdxl author::diffusers task::image_generation test_group::daily
# skipped: the real SDXL UNet has 2.6B parameters: 10.7 GB resident and about 80 s per run on a 2-core CPU,
# over this corpus's limits (~60 s, 8 GB). It runs as is on a machine with 16 GB or more; unet_sdxl_reduced.py
# is the same architecture with fewer transformer blocks in the 1280-channel level.
"""
Stable Diffusion XL base denoising UNet (2.6B parameters): diffusers.UNet2DConditionModel built with
the unet/config.json of stable-diffusion-xl-base-1.0 written inline, random weights.
One denoising step on latents (height/8 x width/8, 4 channels) conditioned on 77 text embeddings
of 2048 (the two concatenated CLIP text encoders) plus SDXL's micro-conditioning: the pooled text
embedding (1280) and the six size/crop time ids (added_cond_kwargs).
Source: https://huggingface.co/docs/diffusers/api/models/unet2d-cond
Paper: Podell et al., SDXL, https://arxiv.org/abs/2307.01952
"""
from benchit.parser import parse
import torch
from diffusers import UNet2DConditionModel

torch.manual_seed(0)
batch_size, height, width = parse(["batch_size", "height", "width"])

model = UNet2DConditionModel(
    sample_size=128,
    in_channels=4,
    out_channels=4,
    down_block_types=("DownBlock2D", "CrossAttnDownBlock2D", "CrossAttnDownBlock2D"),
    up_block_types=("CrossAttnUpBlock2D", "CrossAttnUpBlock2D", "UpBlock2D"),
    block_out_channels=(320, 640, 1280),
    layers_per_block=2,
    transformer_layers_per_block=(1, 2, 10),
    attention_head_dim=(5, 10, 20),
    cross_attention_dim=2048,
    use_linear_projection=True,
    addition_embed_type="text_time",
    addition_time_embed_dim=256,
    projection_class_embeddings_input_dim=2816,  # 1280 pooled text + 6 time ids x 256
    norm_num_groups=32,
).eval()

inputs = {
    "sample": torch.randn(batch_size, 4, height // 8, width // 8),
    "timestep": torch.tensor(999),
    "encoder_hidden_states": torch.randn(batch_size, 77, 2048),
    "added_cond_kwargs": {
        "text_embeds": torch.randn(batch_size, 1280),
        # original size, crop top-left, target size
        "time_ids": torch.tensor([[height, width, 0, 0, height, width]], dtype=torch.float32).repeat(batch_size, 1),
    },
}

with torch.no_grad():
    model(**inputs)
