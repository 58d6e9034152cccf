# labels: name::udop author::huggingface task::multimodal test_group::daily
"""
UDOP unified document encoder-decoder (text + boxes + image patches).
Built from transformers.UdopConfig() with random weights: UdopModel(config).

The model runs at the config's image size (224 x 224).
Source: https://huggingface.co/docs/transformers/model_doc/udop
"""
from benchit.parser import parse
import torch
from transformers import UdopConfig, UdopModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = UdopConfig()
model = UdopModel(config).eval()
x0 = torch.rand(batch_size, max_seq_length) * 0.8
y0 = torch.rand(batch_size, max_seq_length) * 0.8
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "bbox": torch.stack([x0, y0, x0 + 0.1, y0 + 0.05], dim=-1),  # (x0, y0, x1, y1) in 0..1 of the page
    "pixel_values": torch.rand(batch_size, config.num_channels, config.image_size, config.image_size),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
