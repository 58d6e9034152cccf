# labels: name::falcon_7b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of tiiuae/falcon-7b: transformers FalconDecoderLayer(config, layer_idx=0) with
random weights, built from FalconConfig with the defaults of FalconConfig, which are the sizes of
tiiuae/falcon-7b.
Architecture: parallel attention and MLP with one LayerNorm, multi-query attention (71 query heads,
1 key-value head).
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by FalconRotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/falcon
"""
from benchit.parser import parse
import torch
from transformers import FalconConfig
from transformers.models.falcon.modeling_falcon import FalconDecoderLayer, FalconRotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = FalconConfig(attn_implementation="sdpa")
model = FalconDecoderLayer(config, layer_idx=0).eval()
rotary_emb = FalconRotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, alibi=None, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
