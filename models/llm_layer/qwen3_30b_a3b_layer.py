# labels: name::qwen3_30b_a3b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of Qwen/Qwen3-30B-A3B: transformers Qwen3MoeDecoderLayer(config, layer_idx=0) with
random weights, built from Qwen3MoeConfig with the sizes of Qwen/Qwen3-30B-A3B.
Architecture: QK-norm attention (32 / 4 heads) and a mixture-of-experts MLP: 128 experts of 768,
top-8 routing.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by Qwen3MoeRotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/qwen3_moe
"""
from benchit.parser import parse
import torch
from transformers import Qwen3MoeConfig
from transformers.models.qwen3_moe.modeling_qwen3_moe import Qwen3MoeDecoderLayer, Qwen3MoeRotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Qwen3MoeConfig(
    num_experts=128,
    num_experts_per_tok=8,
    moe_intermediate_size=768,
    hidden_size=2048,
    num_attention_heads=32,
    num_key_value_heads=4,
    head_dim=128,
    rope_parameters={"rope_type": "default", "rope_theta": 1000000.0},
    attn_implementation="sdpa",
)
model = Qwen3MoeDecoderLayer(config, layer_idx=0).eval()
# A bare layer is not a PreTrainedModel, so nothing fills the weights its MoE block allocates
# uninitialised (fused experts, router): draw them as the family's _init_weights does.
for name, param in model.named_parameters():
    if name.startswith("mlp.") or name == "self_attn.sinks":
        torch.nn.init.normal_(param, std=config.initializer_range)
rotary_emb = Qwen3MoeRotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
