# labels: name::phi3_mini_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of microsoft/Phi-3-mini-4k-instruct: transformers Phi3DecoderLayer(config,
layer_idx=0) with random weights, built from Phi3Config with the defaults of Phi3Config, which are
the sizes of microsoft/Phi-3-mini-4k-instruct.
Architecture: fused QKV and gate-up projections, multi-head attention (32 heads), SwiGLU MLP.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by Phi3RotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/phi3
"""
from benchit.parser import parse
import torch
from transformers import Phi3Config
from transformers.models.phi3.modeling_phi3 import Phi3DecoderLayer, Phi3RotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Phi3Config(attn_implementation="sdpa")
model = Phi3DecoderLayer(config, layer_idx=0).eval()
rotary_emb = Phi3RotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
