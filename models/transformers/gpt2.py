# labels: name::gpt2 author::huggingface task::nlp test_group::ci,daily
"""
GPT-2 (124M) decoder.
Built from transformers.GPT2Config() with random weights: GPT2Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/gpt2
"""
from benchit.parser import parse
import torch
from transformers import GPT2Config, GPT2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GPT2Config()
model = GPT2Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
