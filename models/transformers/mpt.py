# labels: name::mpt author::huggingface task::nlp test_group::daily
"""
MPT decoder (ALiBi).
Built from transformers.MptConfig(...) with random weights: MptModel(config).

The default config is MPT-7B (32 layers of 4096); this script keeps its sizes but uses 4 of its
32 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/mpt
"""
from benchit.parser import parse
import torch
from transformers import MptConfig, MptModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MptConfig(n_layers=4)
model = MptModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
