# labels: name::canine author::huggingface task::nlp test_group::daily
"""
CANINE character-level encoder; input ids are Unicode code points.
Built from transformers.CanineConfig() with random weights: CanineModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/canine
"""
from benchit.parser import parse
import torch
from transformers import CanineConfig, CanineModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = CanineConfig()
model = CanineModel(config).eval()
inputs = {
    "input_ids": torch.randint(0x80, 0x3000, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
