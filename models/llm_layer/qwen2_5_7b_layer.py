# labels: name::qwen2_5_7b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of Qwen/Qwen2.5-7B: transformers Qwen2DecoderLayer(config, layer_idx=0) with
random weights, built from Qwen2Config with the sizes of Qwen/Qwen2.5-7B.
Architecture: Llama-style block with QKV biases and grouped-query attention (28 / 4 heads), RoPE
theta 1e6.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by Qwen2RotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/qwen2
"""
from benchit.parser import parse
import torch
from transformers import Qwen2Config
from transformers.models.qwen2.modeling_qwen2 import Qwen2DecoderLayer, Qwen2RotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Qwen2Config(
    vocab_size=152064,
    hidden_size=3584,
    intermediate_size=18944,
    num_attention_heads=28,
    num_key_value_heads=4,
    max_position_embeddings=131072,
    rope_parameters={"rope_type": "default", "rope_theta": 1000000.0},
    attn_implementation="sdpa",
)
model = Qwen2DecoderLayer(config, layer_idx=0).eval()
rotary_emb = Qwen2RotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
