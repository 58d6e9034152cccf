# labels: name::kolibri1 author::huggingface task::nlp test_group::daily
"""
Kolibri1Model (model type `kolibri1`), 467M parameters.
Built from transformers.Kolibri1Config(...) with random weights: Kolibri1Model(config).

The default config has 77.78B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_experts=8; num_hidden_layers=2; num_local_experts=8 (467M parameters).
Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/kolibri1
"""
from benchit.parser import parse
import torch
from transformers import Kolibri1Config, Kolibri1Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Kolibri1Config(num_experts=8, num_hidden_layers=2, num_local_experts=8)
model = Kolibri1Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
