# labels: name::ministral3 author::huggingface task::nlp test_group::daily
"""
Ministral3Model (model type `ministral3`), 755M parameters.
Built from transformers.Ministral3Config(...) with random weights: Ministral3Model(config).

The default config has 7.95B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=1 (755M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/ministral3
"""
from benchit.parser import parse
import torch
from transformers import Ministral3Config, Ministral3Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Ministral3Config(num_hidden_layers=1)
model = Ministral3Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
