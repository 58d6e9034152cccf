# labels: name::prophetnet author::huggingface task::nlp test_group::daily
"""
ProphetNet encoder-decoder with n-gram (n=2) prediction streams.
Built from transformers.ProphetNetConfig() with random weights: ProphetNetModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/prophetnet
"""
from benchit.parser import parse
import torch
from transformers import ProphetNetConfig, ProphetNetModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = ProphetNetConfig()
model = ProphetNetModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
