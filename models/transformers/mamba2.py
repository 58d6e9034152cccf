# labels: name::mamba2 author::huggingface task::nlp test_group::daily
"""
Mamba-2 state-space decoder (reference PyTorch scan).
Built from transformers.Mamba2Config(...) with random weights: Mamba2Model(config).

The default config is Mamba2-2.7B-sized (64 layers of 2560); this script keeps its sizes but
uses 4 of its 64 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/mamba2
"""
from benchit.parser import parse
import torch
from transformers import Mamba2Config, Mamba2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Mamba2Config(num_hidden_layers=4)
model = Mamba2Model(config).eval()
inputs = {"input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length))}

with torch.no_grad():
    model(**inputs)
