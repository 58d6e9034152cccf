# labels: name::mbart author::huggingface task::nlp test_group::daily
"""
mBART multilingual encoder-decoder.
Built from transformers.MBartConfig() with random weights: MBartModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/mbart
"""
from benchit.parser import parse
import torch
from transformers import MBartConfig, MBartModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MBartConfig()
model = MBartModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
