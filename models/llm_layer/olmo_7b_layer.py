# labels: name::olmo_7b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of allenai/OLMo-7B-hf: transformers OlmoDecoderLayer(config, layer_idx=0) with
random weights, built from OlmoConfig with the defaults of OlmoConfig, which are the sizes of
allenai/OLMo-7B-hf.
Architecture: Llama-style block with non-parametric LayerNorm (no learned scale or bias).
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by OlmoRotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/olmo
"""
from benchit.parser import parse
import torch
from transformers import OlmoConfig
from transformers.models.olmo.modeling_olmo import OlmoDecoderLayer, OlmoRotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = OlmoConfig(attn_implementation="sdpa")
model = OlmoDecoderLayer(config, layer_idx=0).eval()
rotary_emb = OlmoRotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
