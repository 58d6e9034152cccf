# labels: name::roc_bert author::huggingface task::nlp test_group::daily
"""
RoCBert (robust Chinese BERT with shape and pronunciation ids).
Built from transformers.RoCBertConfig() with random weights: RoCBertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/roc_bert
"""
from benchit.parser import parse
import torch
from transformers import RoCBertConfig, RoCBertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = RoCBertConfig()
model = RoCBertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "input_shape_ids": torch.randint(config.shape_vocab_size, (batch_size, max_seq_length)),
    "input_pronunciation_ids": torch.randint(config.pronunciation_vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
