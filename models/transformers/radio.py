# labels: name::radio author::huggingface task::computer_vision test_group::daily
"""
RadioModel (model type `radio`), 61M parameters.
Built from transformers.RadioConfig(...) with random weights: RadioModel(config).

The default config has 0.65B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (61M parameters). Inputs: random 3-channel images at the
config's size, 224 x 224. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/radio
"""
from benchit.parser import parse
import torch
from transformers import RadioConfig, RadioModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = RadioConfig(num_hidden_layers=2)
model = RadioModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
