# labels: name::exaone4 author::huggingface task::nlp test_group::daily
"""
Exaone4Model (model type `exaone4`), 688M parameters.
Built from transformers.Exaone4Config(...) with random weights: Exaone4Model(config).

The default config has 9.01B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=1 (688M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/exaone4
"""
from benchit.parser import parse
import torch
from transformers import Exaone4Config, Exaone4Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Exaone4Config(num_hidden_layers=1)
model = Exaone4Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
