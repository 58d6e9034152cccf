# labels: name::hrm_text author::huggingface task::nlp test_group::daily
"""
HrmTextModel (model type `hrm_text`), 356M parameters.
Built from transformers.HrmTextConfig(...) with random weights: HrmTextModel(config).

The default config has 1.21B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (356M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/hrm_text
"""
from benchit.parser import parse
import torch
from transformers import HrmTextConfig, HrmTextModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = HrmTextConfig(num_hidden_layers=2)
model = HrmTextModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
