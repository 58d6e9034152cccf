# labels: name::laguna author::huggingface task::nlp test_group::daily
"""
LagunaModel (model type `laguna`), 343M parameters.
Built from transformers.LagunaConfig(...) with random weights: LagunaModel(config).

The default config has 32.98B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_experts=8; num_hidden_layers=2 (343M parameters). Inputs: random token
ids (max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/laguna
"""
from benchit.parser import parse
import torch
from transformers import LagunaConfig, LagunaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LagunaConfig(num_experts=8, num_hidden_layers=2)
model = LagunaModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
