# labels: name::superpoint author::huggingface task::computer_vision test_group::daily
"""
SuperPoint keypoint detector and descriptor (grayscale input).
Built from transformers.SuperPointConfig() with random weights: SuperPointForKeypointDetection(config).

SuperPoint works on grayscale images; the model takes 3-channel tensors and uses the first
channel, so it is given one channel repeated.
Source: https://huggingface.co/docs/transformers/model_doc/superpoint
"""
from benchit.parser import parse
import torch
from transformers import SuperPointConfig, SuperPointForKeypointDetection

torch.manual_seed(0)
batch_size, height, width = parse(["batch_size", "height", "width"])

config = SuperPointConfig()
model = SuperPointForKeypointDetection(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 1, height, width)}

with torch.no_grad():
    model(**inputs)
