# labels: name::git author::huggingface task::multimodal test_group::daily
"""
GIT generative image-to-text transformer (CLIP ViT-B/16 + text decoder).
Built from transformers.GitConfig(...) with random weights: GitModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/git
"""
from benchit.parser import parse
import torch
from transformers import GitConfig, GitModel

torch.manual_seed(0)
batch_size, max_seq_length, num_channels, height, width = parse(["batch_size", "max_seq_length", "num_channels", "height", "width"])

config = GitConfig(vision_config={"image_size": height, "num_channels": num_channels})
model = GitModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
}

with torch.no_grad():
    model(**inputs)
