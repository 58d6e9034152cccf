# labels: name::llama3_8b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of meta-llama/Meta-Llama-3-8B: transformers LlamaDecoderLayer(config, layer_idx=0)
with random weights, built from LlamaConfig with the sizes of meta-llama/Meta-Llama-3-8B.
Architecture: pre-norm RMSNorm, grouped-query attention (32 query / 8 key-value heads), SwiGLU MLP,
RoPE (theta 500000).
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by LlamaRotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/llama3
"""
from benchit.parser import parse
import torch
from transformers import LlamaConfig
from transformers.models.llama.modeling_llama import LlamaDecoderLayer, LlamaRotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LlamaConfig(
    vocab_size=128256,
    hidden_size=4096,
    intermediate_size=14336,
    num_attention_heads=32,
    num_key_value_heads=8,
    max_position_embeddings=8192,
    rope_parameters={"rope_type": "default", "rope_theta": 500000.0},
    attn_implementation="sdpa",
)
model = LlamaDecoderLayer(config, layer_idx=0).eval()
rotary_emb = LlamaRotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
