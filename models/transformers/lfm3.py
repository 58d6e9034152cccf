# labels: name::lfm3 author::huggingface task::nlp test_group::daily
"""
Lfm3Model (model type `lfm3`), 390M parameters.
Built from transformers.Lfm3Config(...) with random weights: Lfm3Model(config).

The default config has 1.73B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (390M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/lfm3
"""
from benchit.parser import parse
import torch
from transformers import Lfm3Config, Lfm3Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Lfm3Config(num_hidden_layers=2)
model = Lfm3Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
