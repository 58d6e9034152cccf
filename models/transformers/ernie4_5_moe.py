# labels: name::ernie4_5_moe author::huggingface task::nlp test_group::daily
"""
Ernie4_5_MoeModel (model type `ernie4_5_moe`), 509M parameters.
Built from transformers.Ernie4_5_MoeConfig(...) with random weights: Ernie4_5_MoeModel(config).

The default config has 21.83B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks moe_num_experts=8; num_experts=8; num_hidden_layers=2 (509M parameters).
Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/ernie4_5_moe
"""
from benchit.parser import parse
import torch
from transformers import Ernie4_5_MoeConfig, Ernie4_5_MoeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Ernie4_5_MoeConfig(moe_num_experts=8, num_experts=8, num_hidden_layers=2)
model = Ernie4_5_MoeModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
