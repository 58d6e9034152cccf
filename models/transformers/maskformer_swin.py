# labels: name::maskformer_swin author::huggingface task::computer_vision test_group::daily
"""
MaskFormerSwinModel (model type `maskformer-swin`), 28M parameters.
Built from transformers.MaskFormerSwinConfig() with random weights: MaskFormerSwinModel(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/maskformer-swin
"""
from benchit.parser import parse
import torch
from transformers import MaskFormerSwinConfig, MaskFormerSwinModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = MaskFormerSwinConfig()
model = MaskFormerSwinModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
