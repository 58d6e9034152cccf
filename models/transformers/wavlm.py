# labels: name::wavlm author::huggingface task::audio test_group::daily
"""
WavLM base speech encoder.
Built from transformers.WavLMConfig() with random weights: WavLMModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/wavlm
"""
from benchit.parser import parse
import torch
from transformers import WavLMConfig, WavLMModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = WavLMConfig()
model = WavLMModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
