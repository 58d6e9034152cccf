# labels: name::yoso author::huggingface task::nlp test_group::daily
"""
YosoModel (model type `yoso`), 127M parameters.
Built from transformers.YosoConfig() with random weights: YosoModel(config).

Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/yoso
"""
from benchit.parser import parse
import torch
from transformers import YosoConfig, YosoModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = YosoConfig()
model = YosoModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
