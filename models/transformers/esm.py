# labels: name::esm author::huggingface task::nlp test_group::daily
"""
ESM protein language model (ESM-2 650M-sized hidden size, 6 layers).
Built from transformers.EsmConfig(...) with random weights: EsmModel(config).

EsmConfig() has no usable defaults (vocab_size is unset); this uses the ESM-2 650M sizes with 6
of its 33 layers.
Source: https://huggingface.co/docs/transformers/model_doc/esm
"""
from benchit.parser import parse
import torch
from transformers import EsmConfig, EsmModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = EsmConfig(vocab_size=33, hidden_size=1280, num_hidden_layers=6, num_attention_heads=20, intermediate_size=5120, pad_token_id=1, position_embedding_type="rotary")
model = EsmModel(config).eval()
inputs = {
    "input_ids": torch.randint(4, 24, (batch_size, max_seq_length)),  # the 20 amino-acid tokens
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
