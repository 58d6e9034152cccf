# labels: name::longcat_flash author::huggingface task::nlp test_group::daily
"""
LongcatFlashModel (model type `longcat_flash`), 805M parameters.
Built from transformers.LongcatFlashConfig(...) with random weights: LongcatFlashModel(config).

The default config has 740.25B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks n_routed_experts=8; num_hidden_layers=1; num_layers=1; num_local_experts=8
(805M parameters). Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/longcat_flash
"""
from benchit.parser import parse
import torch
from transformers import LongcatFlashConfig, LongcatFlashModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LongcatFlashConfig(n_routed_experts=8, num_hidden_layers=1, num_layers=1, num_local_experts=8)
model = LongcatFlashModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
