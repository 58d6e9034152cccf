# labels: name::wav2vec2 author::huggingface task::audio test_group::ci,daily
"""
wav2vec 2.0 base speech encoder.
Built from transformers.Wav2Vec2Config() with random weights: Wav2Vec2Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/wav2vec2
"""
from benchit.parser import parse
import torch
from transformers import Wav2Vec2Config, Wav2Vec2Model

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = Wav2Vec2Config()
model = Wav2Vec2Model(config).eval()
inputs = {"input_values": torch.randn(batch_size, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
