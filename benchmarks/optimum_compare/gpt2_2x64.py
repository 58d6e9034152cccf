# labels: name::gpt2_2x64 author::huggingface task::llm test_group::ci,daily
"""
gpt2: transformers GPT2LMHeadModel(config) with random weights, a tiny decoder that generates text.
Shrunk to a tiny config (2 layers, or one of each kind in a hybrid; width 64, 4 heads, a
1000-token vocabulary; see the arguments) to run on a CPU.
Greedy, exactly max_new_tokens new tokens from a random prompt of max_seq_length tokens.
Source: https://huggingface.co/docs/transformers/model_doc/gpt2
"""
from benchit.parser import parse
import torch
from transformers import GPT2Config, GPT2LMHeadModel

torch.manual_seed(0)
batch_size, max_seq_length, max_new_tokens = parse(["batch_size", "max_seq_length", "max_new_tokens"])

config = GPT2Config(
    bos_token_id=1,
    eos_token_id=2,
    hidden_size=64,
    n_embd=64,
    n_head=4,
    n_layer=2,
    num_attention_heads=4,
    num_hidden_layers=2,
    pad_token_id=0,
    vocab_size=1000,
    n_positions=256,
)
model = GPT2LMHeadModel(config).eval()
input_ids = torch.randint(3, 1000, (batch_size, max_seq_length))
attention_mask = torch.ones(batch_size, max_seq_length, dtype=torch.long)

with torch.no_grad():
    model.generate(
        input_ids,
        attention_mask=attention_mask,
        max_new_tokens=max_new_tokens,
        min_new_tokens=max_new_tokens,
        do_sample=False,
        pad_token_id=0,
    )
