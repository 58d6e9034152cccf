# labels: name::roberta author::huggingface task::nlp test_group::daily
"""
RoBERTa base encoder.
Built from transformers.RobertaConfig() with random weights: RobertaModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/roberta
"""
from benchit.parser import parse
import torch
from transformers import RobertaConfig, RobertaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = RobertaConfig()
model = RobertaModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
