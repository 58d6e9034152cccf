# labels: name::t2i_adapter author::diffusers task::image_generation test_group::ci,daily
"""
T2I-Adapter for Stable Diffusion 1.x (77M parameters): diffusers.T2IAdapter with the full-adapter
config of TencentARC/t2iadapter_canny_sd15v2 written inline, random weights.
Maps a full-resolution conditioning image to the four feature maps added to the UNet encoder.
Source: https://huggingface.co/docs/diffusers/api/models/adapter
Paper: Mou et al., T2I-Adapter, https://arxiv.org/abs/2302.08453
"""
from benchit.parser import parse
import torch
from diffusers import T2IAdapter

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = T2IAdapter(
    in_channels=num_channels,
    channels=(320, 640, 1280, 1280),
    num_res_blocks=2,
    downscale_factor=8,
    adapter_type="full_adapter",
).eval()

condition = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(condition)
