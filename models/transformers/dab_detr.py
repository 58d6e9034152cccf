# labels: name::dab_detr author::huggingface task::computer_vision test_group::daily
"""
DabDetrModel (model type `dab-detr`), 44M parameters.
Built from transformers.DabDetrConfig() with random weights: DabDetrModel(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/dab-detr
"""
from benchit.parser import parse
import torch
from transformers import DabDetrConfig, DabDetrModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = DabDetrConfig()
model = DabDetrModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
