# labels: name::mobilebert author::huggingface task::nlp test_group::ci,daily
"""
MobileBERT encoder.
Built from transformers.MobileBertConfig() with random weights: MobileBertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/mobilebert
"""
from benchit.parser import parse
import torch
from transformers import MobileBertConfig, MobileBertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MobileBertConfig()
model = MobileBertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
