# labels: name::smollm3_3b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer HuggingFaceTB/SmolLM3-3B decoder: transformers SmolLM3Model(config) with random weights,
built from SmolLM3Config with its defaults (the sizes of HuggingFaceTB/SmolLM3-3B) but
num_hidden_layers=2, so the whole stack (token embeddings, two decoder layers, final norm; no LM
head) runs on a CPU.
Architecture: Llama-style block with grouped-query attention (16 / 4 heads); every fourth layer uses
no positional encoding (NoPE).
Source: https://huggingface.co/docs/transformers/model_doc/smollm3
"""
from benchit.parser import parse
import torch
from transformers import SmolLM3Config, SmolLM3Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = SmolLM3Config(num_hidden_layers=2, attn_implementation="sdpa")
model = SmolLM3Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
