# labels: name::nystromformer author::huggingface task::nlp test_group::daily
"""
Nystromformer encoder (Nystrom-approximated self-attention).
Built from transformers.NystromformerConfig() with random weights: NystromformerModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/nystromformer
"""
from benchit.parser import parse
import torch
from transformers import NystromformerConfig, NystromformerModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = NystromformerConfig()
model = NystromformerModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
