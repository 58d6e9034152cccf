# labels: name::pp_ocrv6_tiny_rec author::huggingface task::computer_vision test_group::daily
"""
PPOCRV6TinyRecModel (model type `pp_ocrv6_tiny_rec`), 3M parameters.
Built from transformers.PPOCRV6TinyRecConfig() with random weights: PPOCRV6TinyRecModel(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/pp_ocrv6_tiny_rec
"""
from benchit.parser import parse
import torch
from transformers import PPOCRV6TinyRecConfig, PPOCRV6TinyRecModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = PPOCRV6TinyRecConfig()
model = PPOCRV6TinyRecModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
