# labels: name::sam2 author::huggingface task::computer_vision test_group::daily
"""
Segment Anything 2 (Hiera image encoder at 1024 x 1024, one point prompt per image).
Built from transformers.Sam2Config() with random weights: Sam2Model(config).

SAM 2's image encoder is built for 1024 x 1024 inputs, so height and width are not used.
Source: https://huggingface.co/docs/transformers/model_doc/sam2
"""
from benchit.parser import parse
import torch
from transformers import Sam2Config, Sam2Model

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Sam2Config()
model = Sam2Model(config).eval()
inputs = {
    "pixel_values": torch.rand(batch_size, 3, 1024, 1024),
    "input_points": torch.randint(0, 1024, (batch_size, 1, 1, 2)).float(),  # (batch, prompts, points, xy)
    "input_labels": torch.ones(batch_size, 1, 1, dtype=torch.long),  # a foreground point
}

with torch.no_grad():
    model(**inputs)
