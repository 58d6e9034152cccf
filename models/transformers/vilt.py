# labels: name::vilt author::huggingface task::nlp test_group::daily
"""
ViLT vision-and-language transformer (patch + token embeddings in one encoder).
Built from transformers.ViltConfig(...) with random weights: ViltModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/vilt
"""
from benchit.parser import parse
import torch
from transformers import ViltConfig, ViltModel

torch.manual_seed(0)
batch_size, max_seq_length, num_channels, height, width = parse(["batch_size", "max_seq_length", "num_channels", "height", "width"])
max_seq_length = min(max_seq_length, 40)  # ViLT's text position embeddings hold 40 tokens

config = ViltConfig(image_size=height, num_channels=num_channels)
model = ViltModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
}

with torch.no_grad():
    model(**inputs)
