# labels: name::phimoe author::huggingface task::nlp test_group::daily
"""
PhimoeModel (model type `phimoe`), 802M parameters.
Built from transformers.PhimoeConfig(...) with random weights: PhimoeModel(config).

The default config has 41.74B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=1; num_local_experts=8 (802M parameters). Inputs: random
token ids (max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/phimoe
"""
from benchit.parser import parse
import torch
from transformers import PhimoeConfig, PhimoeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PhimoeConfig(num_hidden_layers=1, num_local_experts=8)
model = PhimoeModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
