# labels: name::unispeech author::huggingface task::audio test_group::daily
"""
UniSpeech speech encoder.
Built from transformers.UniSpeechConfig() with random weights: UniSpeechModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/unispeech
"""
from benchit.parser import parse
import torch
from transformers import UniSpeechConfig, UniSpeechModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = UniSpeechConfig()
model = UniSpeechModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
