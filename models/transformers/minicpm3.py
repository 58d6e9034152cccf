# labels: name::minicpm3 author::huggingface task::nlp test_group::daily
"""
MiniCPM3Model (model type `minicpm3`), 313M parameters.
Built from transformers.MiniCPM3Config(...) with random weights: MiniCPM3Model(config).

The default config has 4.07B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (313M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/minicpm3
"""
from benchit.parser import parse
import torch
from transformers import MiniCPM3Config, MiniCPM3Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MiniCPM3Config(num_hidden_layers=2)
model = MiniCPM3Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
