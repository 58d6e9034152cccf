# labels: name::audio_spectrogram_transformer author::huggingface task::audio test_group::daily
"""
Audio Spectrogram Transformer over 1024 x 128 log-mel patches.
Built from transformers.ASTConfig() with random weights: ASTModel(config).

AST's position embeddings fix its input at max_length=1024 frames.
Source: https://huggingface.co/docs/transformers/model_doc/audio-spectrogram-transformer
"""
from benchit.parser import parse
import torch
from transformers import ASTConfig, ASTModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = ASTConfig()
model = ASTModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, config.max_length, config.num_mel_bins)}

with torch.no_grad():
    model(**inputs)
