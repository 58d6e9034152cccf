# labels: name::glm4_9b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of THUDM/GLM-4-9B-0414: transformers Glm4DecoderLayer(config, layer_idx=0) with
random weights, built from Glm4Config with the sizes of THUDM/GLM-4-9B-0414.
Architecture: grouped-query attention (32 / 2 heads) with QKV biases, partial (50%) rotary
embeddings, sandwich norms around attention and MLP.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by Glm4RotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/glm4
"""
from benchit.parser import parse
import torch
from transformers import Glm4Config
from transformers.models.glm4.modeling_glm4 import Glm4DecoderLayer, Glm4RotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Glm4Config(
    vocab_size=151552,
    hidden_size=4096,
    intermediate_size=13696,
    num_attention_heads=32,
    num_key_value_heads=2,
    attn_implementation="sdpa",
)
model = Glm4DecoderLayer(config, layer_idx=0).eval()
rotary_emb = Glm4RotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
