# labels: name::deepseek_v2_lite_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer deepseek-ai/DeepSeek-V2-Lite decoder: transformers DeepseekV2Model(config) with random
weights, built from DeepseekV2Config with the sizes of deepseek-ai/DeepSeek-V2-Lite but
num_hidden_layers=2, so the whole stack (token embeddings, two decoder layers, final norm; no LM
head) runs on a CPU.
Architecture: multi-head latent attention (keys and values compressed to a 512-d latent, decoupled
64-d RoPE part) and a DeepSeekMoE MLP: 2 shared + 64 routed experts of 1408, top-6.
Source: https://huggingface.co/docs/transformers/model_doc/deepseek_v2
"""
from benchit.parser import parse
import torch
from transformers import DeepseekV2Config, DeepseekV2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = DeepseekV2Config(
    vocab_size=102400,
    hidden_size=2048,
    intermediate_size=10944,
    moe_intermediate_size=1408,
    num_attention_heads=16,
    num_key_value_heads=16,
    n_shared_experts=2,
    n_routed_experts=64,
    num_experts_per_tok=6,
    first_k_dense_replace=1,
    kv_lora_rank=512,
    q_lora_rank=None,
    qk_nope_head_dim=128,
    qk_rope_head_dim=64,
    v_head_dim=128,
    head_dim=64,
    num_hidden_layers=2,
    attn_implementation="sdpa",
)
model = DeepseekV2Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
