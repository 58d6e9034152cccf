# labels: name::gpt_bigcode author::huggingface task::nlp test_group::daily
"""
GPTBigCode (SantaCoder/StarCoder family) decoder with multi-query attention.
Built from transformers.GPTBigCodeConfig() with random weights: GPTBigCodeModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/gpt_bigcode
"""
from benchit.parser import parse
import torch
from transformers import GPTBigCodeConfig, GPTBigCodeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GPTBigCodeConfig()
model = GPTBigCodeModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
