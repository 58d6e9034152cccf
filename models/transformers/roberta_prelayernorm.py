# labels: name::roberta_prelayernorm author::huggingface task::nlp test_group::daily
"""
RoBERTa with pre-layer-norm.
Built from transformers.RobertaPreLayerNormConfig() with random weights: RobertaPreLayerNormModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/roberta-prelayernorm
"""
from benchit.parser import parse
import torch
from transformers import RobertaPreLayerNormConfig, RobertaPreLayerNormModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = RobertaPreLayerNormConfig()
model = RobertaPreLayerNormModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
