# labels: name::starcoder2_3b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of bigcode/starcoder2-3b: transformers Starcoder2DecoderLayer(config, layer_idx=0)
with random weights, built from Starcoder2Config with the defaults of Starcoder2Config, which are
the sizes of bigcode/starcoder2-3b.
Architecture: LayerNorm, grouped-query attention (24 / 2 heads) with biases, GELU MLP, sliding
window.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by Starcoder2RotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/starcoder2
"""
from benchit.parser import parse
import torch
from transformers import Starcoder2Config
from transformers.models.starcoder2.modeling_starcoder2 import Starcoder2DecoderLayer, Starcoder2RotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Starcoder2Config(attn_implementation="sdpa")
model = Starcoder2DecoderLayer(config, layer_idx=0).eval()
rotary_emb = Starcoder2RotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
