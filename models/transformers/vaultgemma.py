# labels: name::vaultgemma author::huggingface task::nlp test_group::daily
"""
VaultGemmaModel (model type `vaultgemma`), 668M parameters.
Built from transformers.VaultGemmaConfig(...) with random weights: VaultGemmaModel(config).

The default config has 2.61B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=1 (668M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/vaultgemma
"""
from benchit.parser import parse
import torch
from transformers import VaultGemmaConfig, VaultGemmaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = VaultGemmaConfig(num_hidden_layers=1)
model = VaultGemmaModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
