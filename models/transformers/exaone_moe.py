# labels: name::exaone_moe author::huggingface task::nlp test_group::daily
"""
ExaoneMoeModel (model type `exaone_moe`), 688M parameters.
Built from transformers.ExaoneMoeConfig(...) with random weights: ExaoneMoeModel(config).

The default config has 28.13B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_experts=8; num_hidden_layers=1 (688M parameters). Inputs: random token
ids (max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/exaone_moe
"""
from benchit.parser import parse
import torch
from transformers import ExaoneMoeConfig, ExaoneMoeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = ExaoneMoeConfig(num_experts=8, num_hidden_layers=1)
model = ExaoneMoeModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
