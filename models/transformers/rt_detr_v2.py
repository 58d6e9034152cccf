# labels: name::rt_detr_v2 author::huggingface task::computer_vision test_group::daily
"""
RTDetrV2Model (model type `rt_detr_v2`), 42M parameters.
Built from transformers.RTDetrV2Config() with random weights: RTDetrV2Model(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/rt_detr_v2
"""
from benchit.parser import parse
import torch
from transformers import RTDetrV2Config, RTDetrV2Model

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = RTDetrV2Config()
model = RTDetrV2Model(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
