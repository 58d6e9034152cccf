# labels: name::zaya author::huggingface task::nlp test_group::daily
"""
ZayaModel (model type `zaya`), 644M parameters.
Built from transformers.ZayaConfig(...) with random weights: ZayaModel(config).

The default config has 8.84B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_experts=8; num_hidden_layers=1 (644M parameters). Inputs: random token
ids (max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/zaya
"""
from benchit.parser import parse
import torch
from transformers import ZayaConfig, ZayaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = ZayaConfig(num_experts=8, num_hidden_layers=1)
model = ZayaModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
