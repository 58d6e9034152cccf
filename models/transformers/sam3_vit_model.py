# labels: name::sam3_vit_model author::huggingface task::computer_vision test_group::daily
"""
Sam3ViTModel (model type `sam3_vit_model`), 446M parameters.
Built from transformers.Sam3ViTConfig() with random weights: Sam3ViTModel(config).

Inputs: random 3-channel images at the config's size, 1008 x 1008. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/sam3_vit_model
"""
from benchit.parser import parse
import torch
from transformers import Sam3ViTConfig, Sam3ViTModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Sam3ViTConfig()
model = Sam3ViTModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 1008, 1008)}

with torch.no_grad():
    model(**inputs)
