# labels: name::olmo_7b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer allenai/OLMo-7B-hf decoder: transformers OlmoModel(config) with random weights, built from
OlmoConfig with its defaults (the sizes of allenai/OLMo-7B-hf) but num_hidden_layers=2, so the whole
stack (token embeddings, two decoder layers, final norm; no LM head) runs on a CPU.
Architecture: Llama-style block with non-parametric LayerNorm (no learned scale or bias).
Source: https://huggingface.co/docs/transformers/model_doc/olmo
"""
from benchit.parser import parse
import torch
from transformers import OlmoConfig, OlmoModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = OlmoConfig(num_hidden_layers=2, attn_implementation="sdpa")
model = OlmoModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
