# labels: name::nanochat author::huggingface task::nlp test_group::daily
"""
NanoChatModel (model type `nanochat`), 218M parameters.
Built from transformers.NanoChatConfig() with random weights: NanoChatModel(config).

Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/nanochat
"""
from benchit.parser import parse
import torch
from transformers import NanoChatConfig, NanoChatModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = NanoChatConfig()
model = NanoChatModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
