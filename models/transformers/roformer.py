# labels: name::roformer author::huggingface task::nlp test_group::daily
"""
RoFormer encoder (rotary position embeddings).
Built from transformers.RoFormerConfig() with random weights: RoFormerModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/roformer
"""
from benchit.parser import parse
import torch
from transformers import RoFormerConfig, RoFormerModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = RoFormerConfig()
model = RoFormerModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
