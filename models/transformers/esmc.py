# labels: name::esmc author::huggingface task::nlp test_group::daily
"""
EsmcModel (model type `esmc`), 159M parameters.
Built from transformers.EsmcConfig(...) with random weights: EsmcModel(config).

The default config has 6.35B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (159M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/esmc
"""
from benchit.parser import parse
import torch
from transformers import EsmcConfig, EsmcModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = EsmcConfig(num_hidden_layers=2)
model = EsmcModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
