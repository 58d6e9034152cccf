# labels: name::pythia_6_9b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer EleutherAI/pythia-6.9b decoder: transformers GPTNeoXModel(config) with random weights,
built from GPTNeoXConfig with the sizes of EleutherAI/pythia-6.9b but num_hidden_layers=2, so the
whole stack (token embeddings, two decoder layers, final norm; no LM head) runs on a CPU.
Architecture: GPT-NeoX block: parallel attention and MLP with separate LayerNorms, rotary embeddings
on 25% of each head.
Source: https://huggingface.co/docs/transformers/model_doc/gpt_neox
"""
from benchit.parser import parse
import torch
from transformers import GPTNeoXConfig, GPTNeoXModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GPTNeoXConfig(
    vocab_size=50432,
    hidden_size=4096,
    intermediate_size=16384,
    num_attention_heads=32,
    num_hidden_layers=2,
    attn_implementation="sdpa",
)
model = GPTNeoXModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
