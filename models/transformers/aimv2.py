# labels: name::aimv2 author::huggingface task::multimodal test_group::daily
"""
Aimv2Model (model type `aimv2`), 436M parameters.
Built from transformers.Aimv2Config() with random weights: Aimv2Model(config).

Inputs: one random 224 x 224 image per sample and a text of max_seq_length random tokens.
Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/aimv2
"""
from benchit.parser import parse
import torch
from transformers import Aimv2Config, Aimv2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Aimv2Config()
model = Aimv2Model(config).eval()
text_config = config.get_text_config()
# the text encoder's position embeddings cap the number of tokens
max_seq_length = min(max_seq_length, text_config.max_position_embeddings)
inputs = {
    "pixel_values": torch.rand(batch_size, 3, 224, 224),
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
