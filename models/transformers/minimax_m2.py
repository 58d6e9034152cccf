# labels: name::minimax_m2 author::huggingface task::nlp test_group::daily
"""
MiniMaxM2Model (model type `minimax_m2`), 772M parameters.
Built from transformers.MiniMaxM2Config(...) with random weights: MiniMaxM2Model(config).

The default config has 228.08B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_experts=8; num_hidden_layers=1; num_local_experts=8 (772M parameters).
Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/minimax_m2
"""
from benchit.parser import parse
import torch
from transformers import MiniMaxM2Config, MiniMaxM2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MiniMaxM2Config(num_experts=8, num_hidden_layers=1, num_local_experts=8)
model = MiniMaxM2Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
