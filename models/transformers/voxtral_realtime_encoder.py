# labels: name::voxtral_realtime_encoder author::huggingface task::audio test_group::daily
"""
VoxtralRealtimeEncoder (model type `voxtral_realtime_encoder`), 66M parameters.
Built from transformers.VoxtralRealtimeEncoderConfig(...) with random weights: VoxtralRealtimeEncoder(config).

The default config has 0.97B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks encoder_layers=2; num_hidden_layers=2 (66M parameters). Inputs: 3000 frames
of 128 random audio features. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/voxtral_realtime_encoder
"""
from benchit.parser import parse
import torch
from transformers import VoxtralRealtimeEncoderConfig, VoxtralRealtimeEncoder

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = VoxtralRealtimeEncoderConfig(encoder_layers=2, num_hidden_layers=2)
model = VoxtralRealtimeEncoder(config).eval()
inputs = {"input_features": torch.randn(batch_size, 128, 3000)}

with torch.no_grad():
    model(**inputs)
