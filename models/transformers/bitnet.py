# labels: name::bitnet author::huggingface task::nlp test_group::daily
"""
BitNetModel (model type `bitnet`), 467M parameters.
Built from transformers.BitNetConfig(...) with random weights: BitNetModel(config).

The default config has 2.41B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (467M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/bitnet
"""
from benchit.parser import parse
import torch
from transformers import BitNetConfig, BitNetModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BitNetConfig(num_hidden_layers=2)
model = BitNetModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
