# labels: name::encodec author::huggingface task::audio test_group::daily
"""
EnCodec neural audio codec (24 kHz mono): encode + decode.
Built from transformers.EncodecConfig() with random weights: EncodecModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/encodec
"""
from benchit.parser import parse
import torch
from transformers import EncodecConfig, EncodecModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = EncodecConfig()
model = EncodecModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, config.audio_channels, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
