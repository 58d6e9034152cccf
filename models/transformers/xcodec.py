# labels: name::xcodec author::huggingface task::audio test_group::daily
"""
XcodecModel (model type `xcodec`), 161M parameters.
Built from transformers.XcodecConfig() with random weights: XcodecModel(config).

Inputs: max_audio_seq_length random audio samples. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/xcodec
"""
from benchit.parser import parse
import torch
from transformers import XcodecConfig, XcodecModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = XcodecConfig()
model = XcodecModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, 1, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
