# labels: name::jais2 author::huggingface task::nlp test_group::daily
"""
Jais2Model (model type `jais2`), 722M parameters.
Built from transformers.Jais2Config(...) with random weights: Jais2Model(config).

The default config has 7.59B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=1 (722M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/jais2
"""
from benchit.parser import parse
import torch
from transformers import Jais2Config, Jais2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Jais2Config(num_hidden_layers=1)
model = Jais2Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
