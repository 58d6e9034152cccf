# labels: name::dac author::huggingface task::audio test_group::daily
"""
Descript Audio Codec: encode + decode.
Built from transformers.DacConfig() with random weights: DacModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/dac
"""
from benchit.parser import parse
import torch
from transformers import DacConfig, DacModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = DacConfig()
model = DacModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, 1, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
