# labels: name::albert author::huggingface task::nlp test_group::daily
"""
ALBERT (xxlarge-sized default config).
Built from transformers.AlbertConfig() with random weights: AlbertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/albert
"""
from benchit.parser import parse
import torch
from transformers import AlbertConfig, AlbertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = AlbertConfig()
model = AlbertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
