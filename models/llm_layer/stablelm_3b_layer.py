# labels: name::stablelm_3b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of stabilityai/stablelm-3b-4e1t: transformers StableLmDecoderLayer(config,
layer_idx=0) with random weights, built from StableLmConfig with the defaults of StableLmConfig,
which are the sizes of stabilityai/stablelm-3b-4e1t.
Architecture: LayerNorm, multi-head attention with rotary embeddings on 25% of each head, SwiGLU
MLP.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by StableLmRotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/stablelm
"""
from benchit.parser import parse
import torch
from transformers import StableLmConfig
from transformers.models.stablelm.modeling_stablelm import StableLmDecoderLayer, StableLmRotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = StableLmConfig(attn_implementation="sdpa")
model = StableLmDecoderLayer(config, layer_idx=0).eval()
rotary_emb = StableLmRotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
