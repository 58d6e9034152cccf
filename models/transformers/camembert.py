# labels: name::camembert author::huggingface task::nlp test_group::daily
"""
CamemBERT (RoBERTa for French).
Built from transformers.CamembertConfig() with random weights: CamembertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/camembert
"""
from benchit.parser import parse
import torch
from transformers import CamembertConfig, CamembertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = CamembertConfig()
model = CamembertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
