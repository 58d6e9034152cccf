# labels: name::pixio author::huggingface task::computer_vision test_group::daily
"""
PixioModel (model type `pixio`), 41M parameters.
Built from transformers.PixioConfig(...) with random weights: PixioModel(config).

The default config has 0.63B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (41M parameters). Inputs: random 3-channel images at the
config's size, 256 x 256. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/pixio
"""
from benchit.parser import parse
import torch
from transformers import PixioConfig, PixioModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = PixioConfig(num_hidden_layers=2)
model = PixioModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 256, 256)}

with torch.no_grad():
    model(**inputs)
