# labels: name::gemma_7b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer google/gemma-7b decoder: transformers GemmaModel(config) with random weights, built from
GemmaConfig with its defaults (the sizes of google/gemma-7b) but num_hidden_layers=2, so the whole
stack (token embeddings, two decoder layers, final norm; no LM head) runs on a CPU.
Architecture: RMSNorm with (1 + weight), multi-head attention with 256-wide heads, GeGLU MLP
(24576), scaled embeddings.
The 256000-token embedding alone is 3.1 GB in fp32.
Source: https://huggingface.co/docs/transformers/model_doc/gemma
"""
from benchit.parser import parse
import torch
from transformers import GemmaConfig, GemmaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GemmaConfig(num_hidden_layers=2, attn_implementation="sdpa")
model = GemmaModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
