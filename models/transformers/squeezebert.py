# labels: name::squeezebert author::huggingface task::nlp test_group::daily
"""
SqueezeBERT encoder (grouped convolutions).
Built from transformers.SqueezeBertConfig() with random weights: SqueezeBertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/squeezebert
"""
from benchit.parser import parse
import torch
from transformers import SqueezeBertConfig, SqueezeBertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = SqueezeBertConfig()
model = SqueezeBertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
