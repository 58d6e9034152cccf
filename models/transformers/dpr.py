# labels: name::dpr author::huggingface task::nlp test_group::daily
"""
DPRQuestionEncoder (model type `dpr`), 109M parameters.
Built from transformers.DPRConfig() with random weights: DPRQuestionEncoder(config).

Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/dpr
"""
from benchit.parser import parse
import torch
from transformers import DPRConfig, DPRQuestionEncoder

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = DPRConfig()
model = DPRQuestionEncoder(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
