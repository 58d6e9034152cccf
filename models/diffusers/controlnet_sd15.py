# labels: name::controlnet_sd15 author::diffusers task::image_generation test_group::daily
"""
ControlNet for Stable Diffusion 1.5 (361M parameters): diffusers.ControlNetModel built with the
config of lllyasviel/sd-controlnet-canny written inline (a trainable copy of the SD 1.5 UNet encoder
plus zero convolutions), random weights.
One step: latents (height/8 x width/8), timestep, 77 x 768 text embeddings and a conditioning image
at full resolution (e.g. a Canny edge map); returns the residuals added to the UNet's skip connections.
Source: https://huggingface.co/docs/diffusers/api/models/controlnet
Paper: Zhang et al., Adding Conditional Control to Text-to-Image Diffusion Models, https://arxiv.org/abs/2302.05543
"""
from benchit.parser import parse
import torch
from diffusers import ControlNetModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = ControlNetModel(
    in_channels=4,
    conditioning_channels=num_channels,
    down_block_types=("CrossAttnDownBlock2D", "CrossAttnDownBlock2D", "CrossAttnDownBlock2D", "DownBlock2D"),
    block_out_channels=(320, 640, 1280, 1280),
    layers_per_block=2,
    cross_attention_dim=768,
    attention_head_dim=8,
    conditioning_embedding_out_channels=(16, 32, 96, 256),
).eval()

inputs = {
    "sample": torch.randn(batch_size, 4, height // 8, width // 8),
    "timestep": torch.tensor(999),
    "encoder_hidden_states": torch.randn(batch_size, 77, 768),
    "controlnet_cond": torch.rand(batch_size, num_channels, height, width),
}

with torch.no_grad():
    model(**inputs)
