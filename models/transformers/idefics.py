# labels: name::idefics author::huggingface task::multimodal test_group::daily
"""
IDEFICS (Flamingo-style: a LLaMA decoder with gated cross-attention to CLIP image features), one image and its text.
Built from transformers.IdeficsConfig(...) with random weights: IdeficsModel(config).

The default config (a 32-layer LLaMA-7B decoder, each layer with its cross-attention) is over
the corpora's CPU budget; this script keeps the widths and uses 2 decoder layers.
Source: https://huggingface.co/docs/transformers/model_doc/idefics
"""
from benchit.parser import parse
import torch
from transformers import IdeficsConfig, IdeficsModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = IdeficsConfig(num_hidden_layers=2)
model = IdeficsModel(config).eval()
size = config.vision_config.image_size
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, 1, 3, size, size),  # one image per sample
    "image_attention_mask": torch.ones(batch_size, max_seq_length, 1, dtype=torch.long),  # every token attends to it
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
