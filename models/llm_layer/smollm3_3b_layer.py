# labels: name::smollm3_3b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of HuggingFaceTB/SmolLM3-3B: transformers SmolLM3DecoderLayer(config, layer_idx=0)
with random weights, built from SmolLM3Config with the defaults of SmolLM3Config, which are the
sizes of HuggingFaceTB/SmolLM3-3B.
Architecture: Llama-style block with grouped-query attention (16 / 4 heads); every fourth layer uses
no positional encoding (NoPE).
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by SmolLM3RotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/smollm3
"""
from benchit.parser import parse
import torch
from transformers import SmolLM3Config
from transformers.models.smollm3.modeling_smollm3 import SmolLM3DecoderLayer, SmolLM3RotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = SmolLM3Config(attn_implementation="sdpa")
model = SmolLM3DecoderLayer(config, layer_idx=0).eval()
rotary_emb = SmolLM3RotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
