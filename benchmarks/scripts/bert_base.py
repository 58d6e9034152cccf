# labels: name::bert_base author::benchit task::nlp test_group::benchmarks
"""
BERT-base built from transformers.BertConfig() with random weights (no download): a heavy script
for benchit's own benchmarks (the transformers import, a 110M-parameter model, one forward pass).
"""

import torch
from transformers import BertConfig, BertModel

from benchit.parser import parse

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
