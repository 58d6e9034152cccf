# labels: name::flava author::huggingface task::multimodal test_group::daily
"""
FLAVA (image, text and multimodal encoders).
Built from transformers.FlavaConfig(...) with random weights: FlavaModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/flava
"""
from benchit.parser import parse
import torch
from transformers import FlavaConfig, FlavaModel

torch.manual_seed(0)
batch_size, max_seq_length, num_channels, height, width = parse(["batch_size", "max_seq_length", "num_channels", "height", "width"])

config = FlavaConfig(image_config={"image_size": height, "num_channels": num_channels})
model = FlavaModel(config).eval()
# the text encoder's position embeddings cap the number of tokens (77 for CLIP)
max_seq_length = min(max_seq_length, config.text_config.max_position_embeddings)
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
}

with torch.no_grad():
    model(**inputs)
