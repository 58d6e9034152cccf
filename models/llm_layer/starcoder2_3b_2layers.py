# labels: name::starcoder2_3b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer bigcode/starcoder2-3b decoder: transformers Starcoder2Model(config) with random weights,
built from Starcoder2Config with its defaults (the sizes of bigcode/starcoder2-3b) but
num_hidden_layers=2, so the whole stack (token embeddings, two decoder layers, final norm; no LM
head) runs on a CPU.
Architecture: LayerNorm, grouped-query attention (24 / 2 heads) with biases, GELU MLP, sliding
window.
Source: https://huggingface.co/docs/transformers/model_doc/starcoder2
"""
from benchit.parser import parse
import torch
from transformers import Starcoder2Config, Starcoder2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Starcoder2Config(num_hidden_layers=2, attn_implementation="sdpa")
model = Starcoder2Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
