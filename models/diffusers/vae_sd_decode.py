# labels: name::vae_sd_decode author::diffusers task::image_generation test_group::daily
"""
The last step of a Stable Diffusion pipeline: decoding latents to an image with the SD 1.x/2.x
variational autoencoder (diffusers.AutoencoderKL built with the vae/config.json of Stable Diffusion
v1.5 written inline, random weights). AutoencoderKL's forward runs encoder and decoder; pipelines
only call vae.decode(), so a small wrapper module makes the decode the model that is benchmarked.
Input: 4-channel latents of height/8 x width/8 (scaled by 1 / scaling_factor as the pipeline does).
Source: https://huggingface.co/docs/diffusers/api/models/autoencoderkl
"""
from benchit.parser import parse
import torch
from diffusers import AutoencoderKL

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])


class VAEDecode(torch.nn.Module):
    """latents -> image, as StableDiffusionPipeline calls vae.decode()."""

    def __init__(self, vae):
        super().__init__()
        self.vae = vae

    def forward(self, latents):
        return self.vae.decode(latents / self.vae.config.scaling_factor).sample


vae = AutoencoderKL(
    in_channels=num_channels,
    out_channels=num_channels,
    down_block_types=("DownEncoderBlock2D",) * 4,
    up_block_types=("UpDecoderBlock2D",) * 4,
    block_out_channels=(128, 256, 512, 512),
    layers_per_block=2,
    latent_channels=4,
    sample_size=512,
    scaling_factor=0.18215,
)
model = VAEDecode(vae).eval()
latents = torch.randn(batch_size, 4, height // 8, width // 8)

with torch.no_grad():
    model(latents)
