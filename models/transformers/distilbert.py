# labels: name::distilbert author::huggingface task::nlp test_group::ci,daily
"""
DistilBERT encoder.
Built from transformers.DistilBertConfig() with random weights: DistilBertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/distilbert
"""
from benchit.parser import parse
import torch
from transformers import DistilBertConfig, DistilBertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = DistilBertConfig()
model = DistilBertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
