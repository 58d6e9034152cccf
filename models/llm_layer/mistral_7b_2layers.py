# labels: name::mistral_7b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer mistralai/Mistral-7B-v0.1 decoder: transformers MistralModel(config) with random weights,
built from MistralConfig with its defaults (the sizes of mistralai/Mistral-7B-v0.1) but
num_hidden_layers=2, so the whole stack (token embeddings, two decoder layers, final norm; no LM
head) runs on a CPU.
Architecture: Llama-style block with grouped-query attention (32 / 8 heads) and a 4096-token sliding
window.
Source: https://huggingface.co/docs/transformers/model_doc/mistral
"""
from benchit.parser import parse
import torch
from transformers import MistralConfig, MistralModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MistralConfig(num_hidden_layers=2, attn_implementation="sdpa")
model = MistralModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
