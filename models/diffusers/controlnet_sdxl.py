# labels: name::controlnet_sdxl author::diffusers task::image_generation test_group::daily
"""
ControlNet for Stable Diffusion XL (1.25B parameters): diffusers.ControlNetModel built with the config
of diffusers/controlnet-canny-sdxl-1.0 written inline (a copy of the SDXL UNet encoder and mid block),
random weights.
One step: latents (height/8 x width/8), timestep, 77 x 2048 text embeddings, SDXL micro-conditioning
(pooled text embedding and six time ids) and a full-resolution conditioning image.
Source: https://huggingface.co/docs/diffusers/api/models/controlnet
"""
from benchit.parser import parse
import torch
from diffusers import ControlNetModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = ControlNetModel(
    in_channels=4,
    conditioning_channels=num_channels,
    down_block_types=("DownBlock2D", "CrossAttnDownBlock2D", "CrossAttnDownBlock2D"),
    block_out_channels=(320, 640, 1280),
    layers_per_block=2,
    transformer_layers_per_block=(1, 2, 10),
    attention_head_dim=(5, 10, 20),
    cross_attention_dim=2048,
    use_linear_projection=True,
    addition_embed_type="text_time",
    addition_time_embed_dim=256,
    projection_class_embeddings_input_dim=2816,
    conditioning_embedding_out_channels=(16, 32, 96, 256),
).eval()

inputs = {
    "sample": torch.randn(batch_size, 4, height // 8, width // 8),
    "timestep": torch.tensor(999),
    "encoder_hidden_states": torch.randn(batch_size, 77, 2048),
    "controlnet_cond": torch.rand(batch_size, num_channels, height, width),
    "added_cond_kwargs": {
        "text_embeds": torch.randn(batch_size, 1280),
        "time_ids": torch.tensor([[height, width, 0, 0, height, width]], dtype=torch.float32).repeat(batch_size, 1),
    },
}

with torch.no_grad():
    model(**inputs)
