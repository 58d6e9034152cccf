# labels: name::mvp author::huggingface task::nlp test_group::daily
"""
MVP multi-task supervised pre-training encoder-decoder.
Built from transformers.MvpConfig() with random weights: MvpModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/mvp
"""
from benchit.parser import parse
import torch
from transformers import MvpConfig, MvpModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MvpConfig()
model = MvpModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
