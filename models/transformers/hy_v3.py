# labels: name::hy_v3 author::huggingface task::nlp test_group::daily
"""
HYV3Model (model type `hy_v3`), 734M parameters.
Built from transformers.HYV3Config(...) with random weights: HYV3Model(config).

The default config has 294.54B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_experts=8; num_hidden_layers=1; num_local_experts=8 (734M parameters).
Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/hy_v3
"""
from benchit.parser import parse
import torch
from transformers import HYV3Config, HYV3Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = HYV3Config(num_experts=8, num_hidden_layers=1, num_local_experts=8)
model = HYV3Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
