# labels: name::persimmon author::huggingface task::nlp test_group::daily
"""
Persimmon decoder.
Built from transformers.PersimmonConfig(...) with random weights: PersimmonModel(config).

The default config is Persimmon-8B (36 layers of 4096); this script keeps its sizes but uses 2
of its 36 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/persimmon
"""
from benchit.parser import parse
import torch
from transformers import PersimmonConfig, PersimmonModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PersimmonConfig(num_hidden_layers=2)
model = PersimmonModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
