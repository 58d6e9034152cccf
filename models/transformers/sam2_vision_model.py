# labels: name::sam2_vision_model author::huggingface task::computer_vision test_group::daily
"""
Sam2VisionModel (model type `sam2_vision_model`), 27M parameters.
Built from transformers.Sam2VisionConfig() with random weights: Sam2VisionModel(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/sam2_vision_model
"""
from benchit.parser import parse
import torch
from transformers import Sam2VisionConfig, Sam2VisionModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Sam2VisionConfig()
model = Sam2VisionModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
