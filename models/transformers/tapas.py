# labels: name::tapas author::huggingface task::nlp test_group::daily
"""
TAPAS table encoder (7 token-type ids per token: segment, column, row, ranks).
Built from transformers.TapasConfig() with random weights: TapasModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/tapas
"""
from benchit.parser import parse
import torch
from transformers import TapasConfig, TapasModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = TapasConfig()
model = TapasModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "token_type_ids": torch.zeros(batch_size, max_seq_length, len(config.type_vocab_sizes), dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
