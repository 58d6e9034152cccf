# labels: name::deberta_v2 author::huggingface task::nlp test_group::daily
"""
DeBERTa-v2 (xlarge-sized default config).
Built from transformers.DebertaV2Config() with random weights: DebertaV2Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/deberta-v2
"""
from benchit.parser import parse
import torch
from transformers import DebertaV2Config, DebertaV2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = DebertaV2Config()
model = DebertaV2Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
