# labels: name::sam author::huggingface task::computer_vision test_group::daily
"""
Segment Anything (ViT-B image encoder at 1024 x 1024, one point prompt per image).
Built from transformers.SamConfig() with random weights: SamModel(config).

SAM's image encoder is built for 1024 x 1024 inputs, so height and width are not used.
Source: https://huggingface.co/docs/transformers/model_doc/sam
"""
from benchit.parser import parse
import torch
from transformers import SamConfig, SamModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = SamConfig()
model = SamModel(config).eval()
inputs = {
    "pixel_values": torch.rand(batch_size, 3, 1024, 1024),
    "input_points": torch.randint(0, 1024, (batch_size, 1, 1, 2)).float(),  # (batch, prompts, points, xy)
}

with torch.no_grad():
    model(**inputs)
