# labels: name::qwen2_audio_encoder author::huggingface task::audio test_group::daily
"""
Qwen2AudioEncoder (model type `qwen2_audio_encoder`), 47M parameters.
Built from transformers.Qwen2AudioEncoderConfig(...) with random weights: Qwen2AudioEncoder(config).

The default config has 0.64B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks encoder_layers=2; num_hidden_layers=2 (47M parameters). Inputs: 3000 frames
of 128 random audio features. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/qwen2_audio_encoder
"""
from benchit.parser import parse
import torch
from transformers import Qwen2AudioEncoderConfig, Qwen2AudioEncoder

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Qwen2AudioEncoderConfig(encoder_layers=2, num_hidden_layers=2)
model = Qwen2AudioEncoder(config).eval()
inputs = {"input_features": torch.randn(batch_size, 128, 3000)}

with torch.no_grad():
    model(**inputs)
