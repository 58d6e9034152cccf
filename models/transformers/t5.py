# labels: name::t5 author::huggingface task::nlp test_group::ci,daily
"""
T5 encoder-decoder (t5-small default config).
Built from transformers.T5Config() with random weights: T5Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/t5
"""
from benchit.parser import parse
import torch
from transformers import T5Config, T5Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = T5Config()
model = T5Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
