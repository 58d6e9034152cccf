# labels: name::ibert author::huggingface task::nlp test_group::daily
"""
I-BERT (integer-only RoBERTa; quant_mode off by default).
Built from transformers.IBertConfig() with random weights: IBertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/ibert
"""
from benchit.parser import parse
import torch
from transformers import IBertConfig, IBertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = IBertConfig()
model = IBertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
