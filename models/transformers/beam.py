# labels: name::beam author::huggingface task::nlp test_group::daily
"""
BeamModel (model type `beam`), 1197M parameters.
Built from transformers.BeamConfig(...) with random weights: BeamModel(config).

The default config has 500.49B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_experts=8; num_hidden_layers=1 (1197M parameters). Inputs: random token
ids (max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/beam
"""
from benchit.parser import parse
import torch
from transformers import BeamConfig, BeamModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BeamConfig(num_experts=8, num_hidden_layers=1)
model = BeamModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
