# labels: name::d_fine author::huggingface task::computer_vision test_group::daily
"""
DFineModel (model type `d_fine`), 30M parameters.
Built from transformers.DFineConfig() with random weights: DFineModel(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/d_fine
"""
from benchit.parser import parse
import torch
from transformers import DFineConfig, DFineModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = DFineConfig()
model = DFineModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
