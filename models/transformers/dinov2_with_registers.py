# labels: name::dinov2_with_registers author::huggingface task::computer_vision test_group::daily
"""
Dinov2WithRegistersModel (model type `dinov2_with_registers`), 86M parameters.
Built from transformers.Dinov2WithRegistersConfig() with random weights: Dinov2WithRegistersModel(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/dinov2_with_registers
"""
from benchit.parser import parse
import torch
from transformers import Dinov2WithRegistersConfig, Dinov2WithRegistersModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Dinov2WithRegistersConfig()
model = Dinov2WithRegistersModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
