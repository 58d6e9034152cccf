# labels: name::hy_v4 author::huggingface task::nlp test_group::daily
"""
HYV4Model (model type `hy_v4`), 474M parameters.
Built from transformers.HYV4Config(...) with random weights: HYV4Model(config).

The default config has 57.94B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks n_routed_experts=8; num_hidden_layers=1; num_local_experts=8 (474M
parameters). Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/hy_v4
"""
from benchit.parser import parse
import torch
from transformers import HYV4Config, HYV4Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = HYV4Config(n_routed_experts=8, num_hidden_layers=1, num_local_experts=8)
model = HYV4Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
