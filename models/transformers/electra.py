# labels: name::electra author::huggingface task::nlp test_group::ci,daily
"""
ELECTRA small discriminator (the default config).
Built from transformers.ElectraConfig() with random weights: ElectraModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/electra
"""
from benchit.parser import parse
import torch
from transformers import ElectraConfig, ElectraModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = ElectraConfig()
model = ElectraModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
