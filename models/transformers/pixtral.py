# labels: name::pixtral author::huggingface task::computer_vision test_group::daily
"""
PixtralVisionModel (model type `pixtral`), 403M parameters.
Built from transformers.PixtralVisionConfig() with random weights: PixtralVisionModel(config).

Inputs: random 3-channel images at the config's size, 1024 x 1024. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/pixtral
"""
from benchit.parser import parse
import torch
from transformers import PixtralVisionConfig, PixtralVisionModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = PixtralVisionConfig()
model = PixtralVisionModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 1024, 1024)}

with torch.no_grad():
    model(**inputs)
