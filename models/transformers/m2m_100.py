# labels: name::m2m_100 author::huggingface task::nlp test_group::daily
"""
M2M-100 many-to-many translation encoder-decoder.
Built from transformers.M2M100Config() with random weights: M2M100Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/m2m_100
"""
from benchit.parser import parse
import torch
from transformers import M2M100Config, M2M100Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = M2M100Config()
model = M2M100Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
