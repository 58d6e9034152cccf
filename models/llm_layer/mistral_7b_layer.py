# labels: name::mistral_7b_layer author::huggingface task::llm test_group::ci,daily
"""
One decoder layer of mistralai/Mistral-7B-v0.1: transformers MistralDecoderLayer(config,
layer_idx=0) with random weights, built from MistralConfig with the defaults of MistralConfig, which
are the sizes of mistralai/Mistral-7B-v0.1.
Architecture: Llama-style block with grouped-query attention (32 / 8 heads) and a 4096-token sliding
window.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by MistralRotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/mistral
"""
from benchit.parser import parse
import torch
from transformers import MistralConfig
from transformers.models.mistral.modeling_mistral import MistralDecoderLayer, MistralRotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MistralConfig(attn_implementation="sdpa")
model = MistralDecoderLayer(config, layer_idx=0).eval()
rotary_emb = MistralRotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
