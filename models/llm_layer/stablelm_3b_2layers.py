# labels: name::stablelm_3b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer stabilityai/stablelm-3b-4e1t decoder: transformers StableLmModel(config) with random
weights, built from StableLmConfig with its defaults (the sizes of stabilityai/stablelm-3b-4e1t) but
num_hidden_layers=2, so the whole stack (token embeddings, two decoder layers, final norm; no LM
head) runs on a CPU.
Architecture: LayerNorm, multi-head attention with rotary embeddings on 25% of each head, SwiGLU
MLP.
Source: https://huggingface.co/docs/transformers/model_doc/stablelm
"""
from benchit.parser import parse
import torch
from transformers import StableLmConfig, StableLmModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = StableLmConfig(num_hidden_layers=2, attn_implementation="sdpa")
model = StableLmModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
