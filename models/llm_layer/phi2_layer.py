# labels: name::phi2_layer author::huggingface task::llm test_group::ci,daily
"""
One decoder layer of microsoft/phi-2: transformers PhiDecoderLayer(config, layer_idx=0) with random
weights, built from PhiConfig with the sizes of microsoft/phi-2.
Architecture: parallel attention and MLP sharing one LayerNorm, partial rotary embeddings (40% of
each head), GELU MLP.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by PhiRotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/phi
"""
from benchit.parser import parse
import torch
from transformers import PhiConfig
from transformers.models.phi.modeling_phi import PhiDecoderLayer, PhiRotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PhiConfig(
    vocab_size=51200,
    hidden_size=2560,
    intermediate_size=10240,
    num_attention_heads=32,
    rope_parameters={"rope_type": "default", "rope_theta": 10000.0, "partial_rotary_factor": 0.4},
    attn_implementation="sdpa",
)
model = PhiDecoderLayer(config, layer_idx=0).eval()
rotary_emb = PhiRotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
