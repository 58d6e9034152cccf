# labels: name::nemotron author::huggingface task::nlp test_group::daily
"""
Nemotron decoder.
Built from transformers.NemotronConfig(...) with random weights: NemotronModel(config).

The default config is Nemotron-15B (32 layers of 6144); this script keeps its sizes but uses 2
of its 32 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/nemotron
"""
from benchit.parser import parse
import torch
from transformers import NemotronConfig, NemotronModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = NemotronConfig(num_hidden_layers=2)
model = NemotronModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
