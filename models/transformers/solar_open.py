# labels: name::solar_open author::huggingface task::nlp test_group::daily
"""
SolarOpenModel (model type `solar_open`), 1022M parameters.
Built from transformers.SolarOpenConfig(...) with random weights: SolarOpenModel(config).

The default config has 101.85B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks n_routed_experts=8; num_hidden_layers=1; num_local_experts=8 (1022M
parameters). Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/solar_open
"""
from benchit.parser import parse
import torch
from transformers import SolarOpenConfig, SolarOpenModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = SolarOpenConfig(n_routed_experts=8, num_hidden_layers=1, num_local_experts=8)
model = SolarOpenModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
