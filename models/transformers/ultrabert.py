# labels: name::ultrabert author::huggingface task::nlp test_group::daily
"""
UltrabertModel (model type `ultrabert`), 536M parameters.
Built from transformers.UltrabertConfig(...) with random weights: UltrabertModel(config).

The default config has 6.61B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (536M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/ultrabert
"""
from benchit.parser import parse
import torch
from transformers import UltrabertConfig, UltrabertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = UltrabertConfig(num_hidden_layers=2)
model = UltrabertModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
