# labels: name::plbart author::huggingface task::nlp test_group::daily
"""
PLBART code encoder-decoder.
Built from transformers.PLBartConfig() with random weights: PLBartModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/plbart
"""
from benchit.parser import parse
import torch
from transformers import PLBartConfig, PLBartModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PLBartConfig()
model = PLBartModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
