# labels: name::olmo2_7b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of allenai/OLMo-2-1124-7B: transformers Olmo2DecoderLayer(config, layer_idx=0)
with random weights, built from Olmo2Config with the sizes of allenai/OLMo-2-1124-7B.
Architecture: post-norm RMSNorm on attention and MLP outputs and QK-norm.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by Olmo2RotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/olmo2
"""
from benchit.parser import parse
import torch
from transformers import Olmo2Config
from transformers.models.olmo2.modeling_olmo2 import Olmo2DecoderLayer, Olmo2RotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Olmo2Config(
    vocab_size=100352,
    rope_parameters={"rope_type": "default", "rope_theta": 500000.0},
    max_position_embeddings=4096,
    attn_implementation="sdpa",
)
model = Olmo2DecoderLayer(config, layer_idx=0).eval()
rotary_emb = Olmo2RotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
