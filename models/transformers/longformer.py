# labels: name::longformer author::huggingface task::nlp test_group::daily
"""
Longformer encoder (sliding-window attention; inputs are padded to the 512-token window).
Built from transformers.LongformerConfig() with random weights: LongformerModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/longformer
"""
from benchit.parser import parse
import torch
from transformers import LongformerConfig, LongformerModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LongformerConfig()
model = LongformerModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
