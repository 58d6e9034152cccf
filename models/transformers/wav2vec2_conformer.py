# labels: name::wav2vec2_conformer author::huggingface task::audio test_group::daily
"""
wav2vec 2.0 Conformer speech encoder.
Built from transformers.Wav2Vec2ConformerConfig() with random weights: Wav2Vec2ConformerModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/wav2vec2-conformer
"""
from benchit.parser import parse
import torch
from transformers import Wav2Vec2ConformerConfig, Wav2Vec2ConformerModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = Wav2Vec2ConformerConfig()
model = Wav2Vec2ConformerModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
