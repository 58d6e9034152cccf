# labels: name::gpt_neo author::huggingface task::nlp test_group::daily
"""
GPT-Neo (1.3B-sized default config, local + global attention).
Built from transformers.GPTNeoConfig() with random weights: GPTNeoModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/gpt_neo
"""
from benchit.parser import parse
import torch
from transformers import GPTNeoConfig, GPTNeoModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GPTNeoConfig()
model = GPTNeoModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
