# labels: name::prior_transformer author::diffusers task::image_generation test_group::ci,daily
"""
unCLIP / Kandinsky 2.x prior: diffusers.PriorTransformer with its default config (20 layers, 32 heads
x 64; the kakaobrain/karlo-v1-alpha prior), random weights.
One denoising step that predicts a CLIP image embedding (768) from the noisy embedding, the timestep,
the pooled CLIP text embedding and the 77 per-token text states.
Source: https://huggingface.co/docs/diffusers/api/models/prior_transformer
Paper: Ramesh et al., Hierarchical Text-Conditional Image Generation with CLIP Latents, https://arxiv.org/abs/2204.06125
"""
from benchit.parser import parse
import torch
from diffusers import PriorTransformer

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

model = PriorTransformer().eval()
inputs = {
    "hidden_states": torch.randn(batch_size, 768),
    "timestep": torch.tensor(999),
    "proj_embedding": torch.randn(batch_size, 768),
    "encoder_hidden_states": torch.randn(batch_size, 77, 768),
    "attention_mask": torch.ones(batch_size, 77, dtype=torch.bool),
}

with torch.no_grad():
    model(**inputs)
