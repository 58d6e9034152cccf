# labels: name::siglip author::huggingface task::multimodal test_group::daily
"""
SigLIP (sigmoid-loss CLIP) ViT-B/16.
Built from transformers.SiglipConfig(...) with random weights: SiglipModel(config).

SigLIP text inputs are padded to max length; no attention mask is used by the original model.
Source: https://huggingface.co/docs/transformers/model_doc/siglip
"""
from benchit.parser import parse
import torch
from transformers import SiglipConfig, SiglipModel

torch.manual_seed(0)
batch_size, max_seq_length, num_channels, height, width = parse(["batch_size", "max_seq_length", "num_channels", "height", "width"])

config = SiglipConfig(vision_config={"image_size": height, "num_channels": num_channels})
model = SiglipModel(config).eval()
# the text encoder's position embeddings cap the number of tokens (77 for CLIP)
max_seq_length = min(max_seq_length, config.text_config.max_position_embeddings)
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
}

with torch.no_grad():
    model(**inputs)
