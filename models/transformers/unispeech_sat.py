# labels: name::unispeech_sat author::huggingface task::audio test_group::daily
"""
UniSpeech-SAT speech encoder.
Built from transformers.UniSpeechSatConfig() with random weights: UniSpeechSatModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/unispeech-sat
"""
from benchit.parser import parse
import torch
from transformers import UniSpeechSatConfig, UniSpeechSatModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = UniSpeechSatConfig()
model = UniSpeechSatModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
