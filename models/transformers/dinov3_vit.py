# labels: name::dinov3_vit author::huggingface task::computer_vision test_group::daily
"""
DINOv3ViTModel (model type `dinov3_vit`), 22M parameters.
Built from transformers.DINOv3ViTConfig() with random weights: DINOv3ViTModel(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/dinov3_vit
"""
from benchit.parser import parse
import torch
from transformers import DINOv3ViTConfig, DINOv3ViTModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = DINOv3ViTConfig()
model = DINOv3ViTModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
