# labels: name::longcat_flash author::huggingface task::llm test_group::daily
"""
longcat_flash: transformers LongcatFlashForCausalLM(config) with random weights, a tiny decoder that generates text.
Shrunk to a tiny config (2 layers, or one of each kind in a hybrid; width 64, 4 heads, a
1000-token vocabulary; see the arguments) to run on a CPU.
Greedy, exactly max_new_tokens new tokens from a random prompt of max_seq_length tokens.
Source: https://huggingface.co/docs/transformers/model_doc/longcat_flash
"""
from benchit.parser import parse
import torch
from transformers import LongcatFlashConfig, LongcatFlashForCausalLM

torch.manual_seed(0)
batch_size, max_seq_length, max_new_tokens = parse(["batch_size", "max_seq_length", "max_new_tokens"])

config = LongcatFlashConfig(
    ffn_hidden_size=128,
    head_dim=16,
    hidden_size=64,
    intermediate_size=128,
    kv_lora_rank=32,
    moe_intermediate_size=64,
    moe_topk=2,
    n_routed_experts=4,
    num_attention_heads=4,
    num_experts_per_tok=2,
    num_hidden_layers=2,
    num_key_value_heads=4,
    num_layers=2,
    num_local_experts=4,
    pad_token_id=0,
    q_lora_rank=32,
    qk_head_dim=32,
    qk_nope_head_dim=16,
    qk_rope_head_dim=16,
    v_head_dim=16,
    vocab_size=1000,
)
model = LongcatFlashForCausalLM(config).eval()
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
