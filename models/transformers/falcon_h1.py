# labels: name::falcon_h1 author::huggingface task::nlp test_group::daily
"""
FalconH1Model (model type `falcon_h1`), 758M parameters.
Built from transformers.FalconH1Config(...) with random weights: FalconH1Model(config).

The default config has 7.99B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=1 (758M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/falcon_h1
"""
from benchit.parser import parse
import torch
from transformers import FalconH1Config, FalconH1Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = FalconH1Config(num_hidden_layers=1)
model = FalconH1Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
