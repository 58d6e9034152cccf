# labels: name::youtu author::huggingface task::nlp test_group::daily
"""
YoutuModel (model type `youtu`), 369M parameters.
Built from transformers.YoutuConfig(...) with random weights: YoutuModel(config).

The default config has 1.96B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (369M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/youtu
"""
from benchit.parser import parse
import torch
from transformers import YoutuConfig, YoutuModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = YoutuConfig(num_hidden_layers=2)
model = YoutuModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
