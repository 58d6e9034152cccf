# labels: name::kimi_linear author::huggingface task::nlp test_group::daily
"""
KimiLinearModel (model type `kimi_linear`), 584M parameters.
Built from transformers.KimiLinearConfig(...) with random weights: KimiLinearModel(config).

The default config has 48.76B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_experts=8; num_hidden_layers=2; num_local_experts=8 (584M parameters).
Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/kimi_linear
"""
from benchit.parser import parse
import torch
from transformers import KimiLinearConfig, KimiLinearModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = KimiLinearConfig(num_experts=8, num_hidden_layers=2, num_local_experts=8)
model = KimiLinearModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
