# labels: name::glmasr_encoder author::huggingface task::audio test_group::daily
"""
GlmAsrEncoder (model type `glmasr_encoder`), 45M parameters.
Built from transformers.GlmAsrEncoderConfig(...) with random weights: GlmAsrEncoder(config).

The default config has 0.64B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (45M parameters). Inputs: 3000 frames of 128 random audio
features. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/glmasr_encoder
"""
from benchit.parser import parse
import torch
from transformers import GlmAsrEncoderConfig, GlmAsrEncoder

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = GlmAsrEncoderConfig(num_hidden_layers=2)
model = GlmAsrEncoder(config).eval()
inputs = {"input_features": torch.randn(batch_size, 128, 3000)}

with torch.no_grad():
    model(**inputs)
