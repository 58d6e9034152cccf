# labels: name::mistral4 author::huggingface task::nlp test_group::daily
"""
Mistral4Model (model type `mistral4`), 791M parameters.
Built from transformers.Mistral4Config(...) with random weights: Mistral4Model(config).

The default config has 118.44B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks n_routed_experts=8; num_hidden_layers=1; num_local_experts=8 (791M
parameters). Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/mistral4
"""
from benchit.parser import parse
import torch
from transformers import Mistral4Config, Mistral4Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Mistral4Config(n_routed_experts=8, num_hidden_layers=1, num_local_experts=8)
model = Mistral4Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
