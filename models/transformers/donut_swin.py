# labels: name::donut_swin author::huggingface task::computer_vision test_group::daily
"""
DonutSwinModel (model type `donut-swin`), 28M parameters.
Built from transformers.DonutSwinConfig() with random weights: DonutSwinModel(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/donut-swin
"""
from benchit.parser import parse
import torch
from transformers import DonutSwinConfig, DonutSwinModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = DonutSwinConfig()
model = DonutSwinModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
