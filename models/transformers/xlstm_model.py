# labels: name::xlstm_model author::huggingface task::nlp test_group::daily
"""
xLSTMModel (model type `xlstm`), 408M parameters.
Built from transformers.xLSTMConfig(...) with random weights: xLSTMModel(config).

The default config has 6.66B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=1 (408M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/xlstm
"""
from benchit.parser import parse
import torch
from transformers import xLSTMConfig, xLSTMModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = xLSTMConfig(num_hidden_layers=1)
model = xLSTMModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
