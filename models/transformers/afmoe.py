# labels: name::afmoe author::huggingface task::nlp test_group::daily
"""
AfmoeModel (model type `afmoe`), 576M parameters.
Built from transformers.AfmoeConfig(...) with random weights: AfmoeModel(config).

The default config has 18.82B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_experts=8; num_hidden_layers=2 (576M parameters). Inputs: random token
ids (max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/afmoe
"""
from benchit.parser import parse
import torch
from transformers import AfmoeConfig, AfmoeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = AfmoeConfig(num_experts=8, num_hidden_layers=2)
model = AfmoeModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
