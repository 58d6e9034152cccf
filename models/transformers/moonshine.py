# labels: name::moonshine author::huggingface task::audio test_group::daily
"""
Moonshine speech recognition encoder-decoder (raw waveform input).
Built from transformers.MoonshineConfig() with random weights: MoonshineModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/moonshine
"""
from benchit.parser import parse
import torch
from transformers import MoonshineConfig, MoonshineModel

torch.manual_seed(0)
batch_size, max_audio_seq_length, max_seq_length = parse(["batch_size", "max_audio_seq_length", "max_seq_length"])

config = MoonshineConfig()
model = MoonshineModel(config).eval()
inputs = {
    "input_values": torch.randn(batch_size, max_audio_seq_length),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
