# labels: name::nomic_bert author::huggingface task::nlp test_group::daily
"""
Nomic BERT embedding encoder (rotary, SwiGLU).
Built from transformers.NomicBertConfig() with random weights: NomicBertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/nomic_bert
"""
from benchit.parser import parse
import torch
from transformers import NomicBertConfig, NomicBertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = NomicBertConfig()
model = NomicBertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
