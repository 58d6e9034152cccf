# labels: name::swiftformer author::huggingface task::computer_vision test_group::daily
"""
SwiftFormerModel (model type `swiftformer`), 3M parameters.
Built from transformers.SwiftFormerConfig() with random weights: SwiftFormerModel(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/swiftformer
"""
from benchit.parser import parse
import torch
from transformers import SwiftFormerConfig, SwiftFormerModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = SwiftFormerConfig()
model = SwiftFormerModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
