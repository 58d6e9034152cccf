# labels: name::command_r_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of CohereForAI/c4ai-command-r-v01: transformers CohereDecoderLayer(config,
layer_idx=0) with random weights, built from CohereConfig with the defaults of CohereConfig, which
are the sizes of CohereForAI/c4ai-command-r-v01.
Architecture: parallel attention and MLP with one LayerNorm, multi-head attention (64 heads of 128),
SwiGLU MLP (22528).
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by CohereRotaryEmbedding, position ids and an additive causal mask.
The 256000 x 8192 embedding (8.4 GB in fp32) is too large for a CPU run, so there is no 2-layer
script.
Source: https://huggingface.co/docs/transformers/model_doc/cohere
"""
from benchit.parser import parse
import torch
from transformers import CohereConfig
from transformers.models.cohere.modeling_cohere import CohereDecoderLayer, CohereRotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = CohereConfig(attn_implementation="sdpa")
model = CohereDecoderLayer(config, layer_idx=0).eval()
rotary_emb = CohereRotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
