# labels: name::lightglue author::huggingface task::computer_vision test_group::daily
"""
LightGlue keypoint matcher over SuperPoint keypoints (one image pair).
Built from transformers.LightGlueConfig() with random weights: LightGlueForKeypointMatching(config).

LightGlue has no base model class; the keypoint-matching model is the whole model.
Source: https://huggingface.co/docs/transformers/model_doc/lightglue
"""
from benchit.parser import parse
import torch
from transformers import LightGlueConfig, LightGlueForKeypointMatching

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = LightGlueConfig()
model = LightGlueForKeypointMatching(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 2, num_channels, height, width)}  # the two images of each pair

with torch.no_grad():
    model(**inputs)
