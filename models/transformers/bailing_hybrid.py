# labels: name::bailing_hybrid author::huggingface task::nlp test_group::daily
"""
BailingHybridModel (model type `bailing_hybrid`), 513M parameters.
Built from transformers.BailingHybridConfig(...) with random weights: BailingHybridModel(config).

The default config has 124.01B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_experts=8; num_hidden_layers=1; num_local_experts=8 (513M parameters).
Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/bailing_hybrid
"""
from benchit.parser import parse
import torch
from transformers import BailingHybridConfig, BailingHybridModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BailingHybridConfig(num_experts=8, num_hidden_layers=1, num_local_experts=8)
model = BailingHybridModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
