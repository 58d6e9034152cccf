# labels: name::sam_hq author::huggingface task::computer_vision test_group::daily
"""
SamHQModel (model type `sam_hq`), 95M parameters.
Built from transformers.SamHQConfig() with random weights: SamHQModel(config).

Inputs: random 3-channel images at the config's size, 1024 x 1024. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/sam_hq
"""
from benchit.parser import parse
import torch
from transformers import SamHQConfig, SamHQModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = SamHQConfig()
model = SamHQModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 1024, 1024)}

with torch.no_grad():
    model(**inputs)
