# labels: name::sam2_hiera_det_model author::huggingface task::computer_vision test_group::daily
"""
Sam2HieraDetModel (model type `sam2_hiera_det_model`), 27M parameters.
Built from transformers.Sam2HieraDetConfig() with random weights: Sam2HieraDetModel(config).

Inputs: random 3-channel images at the config's size, 1024 x 1024. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/sam2_hiera_det_model
"""
from benchit.parser import parse
import torch
from transformers import Sam2HieraDetConfig, Sam2HieraDetModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Sam2HieraDetConfig()
model = Sam2HieraDetModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 1024, 1024)}

with torch.no_grad():
    model(**inputs)
