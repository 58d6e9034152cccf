# labels: name::mimi author::huggingface task::audio test_group::daily
"""
Mimi neural audio codec (Moshi): encode + decode.
Built from transformers.MimiConfig() with random weights: MimiModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/mimi
"""
from benchit.parser import parse
import torch
from transformers import MimiConfig, MimiModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = MimiConfig()
model = MimiModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, config.audio_channels, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
