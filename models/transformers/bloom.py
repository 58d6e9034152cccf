# labels: name::bloom author::huggingface task::nlp test_group::daily
"""
BLOOM decoder (ALiBi positions).
Built from transformers.BloomConfig(...) with random weights: BloomModel(config).

BloomConfig() is a 64-wide toy; this uses the bloom-560m sizes (1024 wide, 24 layers, 16 heads).
Source: https://huggingface.co/docs/transformers/model_doc/bloom
"""
from benchit.parser import parse
import torch
from transformers import BloomConfig, BloomModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BloomConfig(hidden_size=1024, n_layer=24, n_head=16)
model = BloomModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
