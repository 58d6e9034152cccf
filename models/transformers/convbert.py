# labels: name::convbert author::huggingface task::nlp test_group::daily
"""
ConvBERT encoder (span-based dynamic convolution).
Built from transformers.ConvBertConfig() with random weights: ConvBertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/convbert
"""
from benchit.parser import parse
import torch
from transformers import ConvBertConfig, ConvBertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = ConvBertConfig()
model = ConvBertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
