# labels: name::deepseek_v2_lite_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of deepseek-ai/DeepSeek-V2-Lite: transformers DeepseekV2DecoderLayer(config,
layer_idx=1) with random weights, built from DeepseekV2Config with the sizes of deepseek-
ai/DeepSeek-V2-Lite.
Architecture: multi-head latent attention (keys and values compressed to a 512-d latent, decoupled
64-d RoPE part) and a DeepSeekMoE MLP: 2 shared + 64 routed experts of 1408, top-6.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by DeepseekV2RotaryEmbedding, position ids and an additive causal mask.
Layer 1 is the first mixture-of-experts layer (layer 0 has a dense MLP). The rotary embeddings are
complex (cos + i sin) in this family.
Source: https://huggingface.co/docs/transformers/model_doc/deepseek_v2
"""
from benchit.parser import parse
import torch
from transformers import DeepseekV2Config
from transformers.models.deepseek_v2.modeling_deepseek_v2 import DeepseekV2DecoderLayer, DeepseekV2RotaryEmbedding

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
    attn_implementation="sdpa",
)
model = DeepseekV2DecoderLayer(config, layer_idx=1).eval()
# A bare layer is not a PreTrainedModel, so nothing fills the weights its MoE block allocates
# uninitialised (fused experts, router): draw them as the family's _init_weights does.
for name, param in model.named_parameters():
    if name.startswith("mlp.") or name == "self_attn.sinks":
        torch.nn.init.normal_(param, std=config.initializer_range)
rotary_emb = DeepseekV2RotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
