# labels: name::marian author::huggingface task::nlp test_group::daily
"""
MarianMT translation encoder-decoder.
Built from transformers.MarianConfig() with random weights: MarianModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/marian
"""
from benchit.parser import parse
import torch
from transformers import MarianConfig, MarianModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MarianConfig()
model = MarianModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
