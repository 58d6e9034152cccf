# labels: name::mimi_encoder author::huggingface task::audio test_group::daily
"""
MimiEncoderModel (model type `mimi_encoder`), 39M parameters.
Built from transformers.MimiEncoderConfig() with random weights: MimiEncoderModel(config).

Inputs: max_audio_seq_length random audio samples. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/mimi_encoder
"""
from benchit.parser import parse
import torch
from transformers import MimiEncoderConfig, MimiEncoderModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = MimiEncoderConfig()
model = MimiEncoderModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, 1, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
