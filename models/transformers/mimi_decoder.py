# labels: name::mimi_decoder author::huggingface task::audio test_group::daily
"""
Mimi codec decoder (latents to audio), 2 s of latents.
Built from transformers.MimiDecoderConfig() with random weights: MimiDecoderModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/mimi_decoder
"""
from benchit.parser import parse
import torch
from transformers import MimiDecoderConfig, MimiDecoderModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = MimiDecoderConfig()
model = MimiDecoderModel(config).eval()
inputs = {"latents": torch.randn(batch_size, config.hidden_size, 25)}  # 25 frames at 12.5 Hz

with torch.no_grad():
    model(**inputs)
