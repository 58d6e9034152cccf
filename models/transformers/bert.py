# labels: name::bert author::huggingface task::nlp test_group::ci,daily
"""
BERT base encoder.
Built from transformers.BertConfig() with random weights: BertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/bert
"""
from benchit.parser import parse
import torch
from transformers import BertConfig, BertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BertConfig()
model = BertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
