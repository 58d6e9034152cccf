# labels: name::opt author::huggingface task::nlp test_group::ci,daily
"""
OPT-125M decoder.
Built from transformers.OPTConfig() with random weights: OPTModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/opt
"""
from benchit.parser import parse
import torch
from transformers import OPTConfig, OPTModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = OPTConfig()
model = OPTModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
