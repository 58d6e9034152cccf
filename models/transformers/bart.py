# labels: name::bart author::huggingface task::nlp test_group::daily
"""
BART (large-sized default config).
Built from transformers.BartConfig() with random weights: BartModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/bart
"""
from benchit.parser import parse
import torch
from transformers import BartConfig, BartModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BartConfig()
model = BartModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
