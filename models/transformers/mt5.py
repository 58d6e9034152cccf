# labels: name::mt5 author::huggingface task::nlp test_group::daily
"""
mT5 multilingual encoder-decoder (mt5-small default config).
Built from transformers.MT5Config() with random weights: MT5Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/mt5
"""
from benchit.parser import parse
import torch
from transformers import MT5Config, MT5Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MT5Config()
model = MT5Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
