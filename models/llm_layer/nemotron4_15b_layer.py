# labels: name::nemotron4_15b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of nvidia/Nemotron-4-15B: transformers NemotronDecoderLayer(config, layer_idx=0)
with random weights, built from NemotronConfig with the sizes of nvidia/Nemotron-4-15B.
Architecture: LayerNorm1P, multi-head attention (48 heads) with partial (50%) rotary embeddings,
squared-ReLU MLP (no gate).
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by NemotronRotaryEmbedding, position ids and an additive causal mask.
The 256000 x 6144 embedding (6.3 GB in fp32) is too large for a CPU run, so there is no 2-layer
script.
Source: https://huggingface.co/docs/transformers/model_doc/nemotron
"""
from benchit.parser import parse
import torch
from transformers import NemotronConfig
from transformers.models.nemotron.modeling_nemotron import NemotronDecoderLayer, NemotronRotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = NemotronConfig(num_key_value_heads=8, attn_implementation="sdpa")
model = NemotronDecoderLayer(config, layer_idx=0).eval()
rotary_emb = NemotronRotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
