# labels: name::voxtral_encoder author::huggingface task::audio test_group::daily
"""
VoxtralEncoder (model type `voxtral_encoder`), 47M parameters.
Built from transformers.VoxtralEncoderConfig(...) with random weights: VoxtralEncoder(config).

The default config has 0.64B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks encoder_layers=2; num_hidden_layers=2 (47M parameters). Inputs: 3000 frames
of 128 random audio features. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/voxtral_encoder
"""
from benchit.parser import parse
import torch
from transformers import VoxtralEncoderConfig, VoxtralEncoder

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = VoxtralEncoderConfig(encoder_layers=2, num_hidden_layers=2)
model = VoxtralEncoder(config).eval()
inputs = {"input_features": torch.randn(batch_size, 128, 3000)}

with torch.no_grad():
    model(**inputs)
