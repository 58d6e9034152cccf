# labels: name::umt5 author::huggingface task::nlp test_group::daily
"""
UMT5 encoder-decoder (umt5-small default config).
Built from transformers.UMT5Config() with random weights: UMT5Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/umt5
"""
from benchit.parser import parse
import torch
from transformers import UMT5Config, UMT5Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = UMT5Config()
model = UMT5Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
