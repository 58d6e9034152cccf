# labels: name::longt5 author::huggingface task::nlp test_group::daily
"""
LongT5 encoder-decoder (transient-global attention encoder).
Built from transformers.LongT5Config() with random weights: LongT5Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/longt5
"""
from benchit.parser import parse
import torch
from transformers import LongT5Config, LongT5Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LongT5Config()
model = LongT5Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
