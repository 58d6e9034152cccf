# labels: name::biogpt author::huggingface task::nlp test_group::daily
"""
BioGPT decoder.
Built from transformers.BioGptConfig() with random weights: BioGptModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/biogpt
"""
from benchit.parser import parse
import torch
from transformers import BioGptConfig, BioGptModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BioGptConfig()
model = BioGptModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
