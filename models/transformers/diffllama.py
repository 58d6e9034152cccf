# labels: name::diffllama author::huggingface task::nlp test_group::daily
"""
DiffLlamaModel (model type `diffllama`), 200M parameters.
Built from transformers.DiffLlamaConfig(...) with random weights: DiffLlamaModel(config).

The default config has 1.14B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (200M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/diffllama
"""
from benchit.parser import parse
import torch
from transformers import DiffLlamaConfig, DiffLlamaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = DiffLlamaConfig(num_hidden_layers=2)
model = DiffLlamaModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
