# labels: name::deimv2 author::huggingface task::computer_vision test_group::daily
"""
Deimv2Model (model type `deimv2`), 29M parameters.
Built from transformers.Deimv2Config() with random weights: Deimv2Model(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/deimv2
"""
from benchit.parser import parse
import torch
from transformers import Deimv2Config, Deimv2Model

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Deimv2Config()
model = Deimv2Model(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
