# labels: name::luke author::huggingface task::nlp test_group::daily
"""
LUKE entity-aware encoder, called with word tokens only.
Built from transformers.LukeConfig() with random weights: LukeModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/luke
"""
from benchit.parser import parse
import torch
from transformers import LukeConfig, LukeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LukeConfig()
model = LukeModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
