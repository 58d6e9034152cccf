# labels: name::granite author::huggingface task::nlp test_group::daily
"""
IBM Granite decoder.
Built from transformers.GraniteConfig(...) with random weights: GraniteModel(config).

The default config is Granite 7B-sized (32 layers of 4096); this script keeps its sizes but uses
2 of its 32 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/granite
"""
from benchit.parser import parse
import torch
from transformers import GraniteConfig, GraniteModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GraniteConfig(num_hidden_layers=2)
model = GraniteModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
