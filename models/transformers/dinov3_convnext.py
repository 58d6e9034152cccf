# labels: name::dinov3_convnext author::huggingface task::computer_vision test_group::daily
"""
DINOv3ConvNextModel (model type `dinov3_convnext`), 28M parameters.
Built from transformers.DINOv3ConvNextConfig() with random weights: DINOv3ConvNextModel(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/dinov3_convnext
"""
from benchit.parser import parse
import torch
from transformers import DINOv3ConvNextConfig, DINOv3ConvNextModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = DINOv3ConvNextConfig()
model = DINOv3ConvNextModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
