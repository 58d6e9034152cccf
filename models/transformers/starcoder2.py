# labels: name::starcoder2 author::huggingface task::nlp test_group::daily
"""
StarCoder2 decoder.
Built from transformers.Starcoder2Config(...) with random weights: Starcoder2Model(config).

The default config is StarCoder2-7B (32 layers of 4608); this script keeps its sizes but uses 2
of its 32 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/starcoder2
"""
from benchit.parser import parse
import torch
from transformers import Starcoder2Config, Starcoder2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Starcoder2Config(num_hidden_layers=2)
model = Starcoder2Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
