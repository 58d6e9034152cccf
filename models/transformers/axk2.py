# labels: name::axk2 author::huggingface task::nlp test_group::daily
"""
AXK2Model (model type `axk2`), 417M parameters.
Built from transformers.AXK2Config(...) with random weights: AXK2Model(config).

The default config has 19.98B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks n_routed_experts=8; num_hidden_layers=2; num_local_experts=8 (417M
parameters). Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/axk2
"""
from benchit.parser import parse
import torch
from transformers import AXK2Config, AXK2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = AXK2Config(n_routed_experts=8, num_hidden_layers=2, num_local_experts=8)
model = AXK2Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
