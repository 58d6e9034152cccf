# labels: name::qwen3_8b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of Qwen/Qwen3-8B: transformers Qwen3DecoderLayer(config, layer_idx=0) with random
weights, built from Qwen3Config with the sizes of Qwen/Qwen3-8B.
Architecture: grouped-query attention (32 / 8 heads of 128) with RMSNorm on queries and keys (QK-
norm), SwiGLU MLP.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by Qwen3RotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/qwen3
"""
from benchit.parser import parse
import torch
from transformers import Qwen3Config
from transformers.models.qwen3.modeling_qwen3 import Qwen3DecoderLayer, Qwen3RotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Qwen3Config(
    vocab_size=151936,
    hidden_size=4096,
    intermediate_size=12288,
    num_attention_heads=32,
    num_key_value_heads=8,
    head_dim=128,
    max_position_embeddings=40960,
    rope_parameters={"rope_type": "default", "rope_theta": 1000000.0},
    attn_implementation="sdpa",
)
model = Qwen3DecoderLayer(config, layer_idx=0).eval()
rotary_emb = Qwen3RotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
