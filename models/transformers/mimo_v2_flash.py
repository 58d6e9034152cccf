# labels: name::mimo_v2_flash author::huggingface task::nlp test_group::daily
"""
MiMoV2FlashModel (model type `mimo_v2_flash`), 915M parameters.
Built from transformers.MiMoV2FlashConfig(...) with random weights: MiMoV2FlashModel(config).

The default config has 308.15B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks n_routed_experts=8; num_hidden_layers=1; num_local_experts=8 (915M
parameters). Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/mimo_v2_flash
"""
from benchit.parser import parse
import torch
from transformers import MiMoV2FlashConfig, MiMoV2FlashModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MiMoV2FlashConfig(n_routed_experts=8, num_hidden_layers=1, num_local_experts=8)
model = MiMoV2FlashModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
