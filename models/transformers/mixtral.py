# labels: name::mixtral author::huggingface task::nlp test_group::daily
"""
Mixtral sparse mixture-of-experts decoder.
Built from transformers.MixtralConfig(...) with random weights: MixtralModel(config).

The default config is Mixtral-8x7B (32 layers of 4096, 8 experts); this script keeps its sizes
but uses 2 of its 32 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/mixtral
"""
from benchit.parser import parse
import torch
from transformers import MixtralConfig, MixtralModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MixtralConfig(num_hidden_layers=2)
model = MixtralModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
