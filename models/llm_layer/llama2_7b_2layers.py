# labels: name::llama2_7b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer meta-llama/Llama-2-7b-hf decoder: transformers LlamaModel(config) with random weights,
built from LlamaConfig with its defaults (the sizes of meta-llama/Llama-2-7b-hf) but
num_hidden_layers=2, so the whole stack (token embeddings, two decoder layers, final norm; no LM
head) runs on a CPU.
Architecture: pre-norm RMSNorm, multi-head attention (32 heads), SwiGLU MLP (11008), RoPE.
Source: https://huggingface.co/docs/transformers/model_doc/llama2
"""
from benchit.parser import parse
import torch
from transformers import LlamaConfig, LlamaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LlamaConfig(num_hidden_layers=2, attn_implementation="sdpa")
model = LlamaModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
