# labels: name::rembert author::huggingface task::nlp test_group::daily
"""
RemBERT encoder (decoupled embeddings).
Built from transformers.RemBertConfig() with random weights: RemBertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/rembert
"""
from benchit.parser import parse
import torch
from transformers import RemBertConfig, RemBertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = RemBertConfig()
model = RemBertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
