# labels: name::sam3_tracker author::huggingface task::computer_vision test_group::daily
"""
Sam3TrackerModel (model type `sam3_tracker`), 458M parameters.
Built from transformers.Sam3TrackerConfig() with random weights: Sam3TrackerModel(config).

Inputs: random 3-channel images at the config's size, 1008 x 1008. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/sam3_tracker
"""
from benchit.parser import parse
import torch
from transformers import Sam3TrackerConfig, Sam3TrackerModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Sam3TrackerConfig()
model = Sam3TrackerModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 1008, 1008)}

with torch.no_grad():
    model(**inputs)
