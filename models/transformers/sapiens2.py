# labels: name::sapiens2 author::huggingface task::computer_vision test_group::daily
"""
Sapiens2Model (model type `sapiens2`), 395M parameters.
Built from transformers.Sapiens2Config() with random weights: Sapiens2Model(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/sapiens2
"""
from benchit.parser import parse
import torch
from transformers import Sapiens2Config, Sapiens2Model

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Sapiens2Config()
model = Sapiens2Model(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
