# labels: name::gemma3_4b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of google/gemma-3-4b-pt: transformers Gemma3DecoderLayer(config, layer_idx=0) with
random weights, built from Gemma3TextConfig with the sizes of google/gemma-3-4b-pt.
Architecture: (text decoder) QK-norm, pre/post norms, 5 sliding-window (local RoPE theta 10000)
layers per global (theta 1e6) layer.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by Gemma3RotaryEmbedding, position ids and an additive causal mask.
Layer 0 is a sliding-window layer, so it takes the local rotary embeddings; the window (1024 tokens)
is longer than the default sequence.
Source: https://huggingface.co/docs/transformers/model_doc/gemma3
"""
from benchit.parser import parse
import torch
from transformers import Gemma3TextConfig
from transformers.models.gemma3.modeling_gemma3 import Gemma3DecoderLayer, Gemma3RotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Gemma3TextConfig(
    vocab_size=262208,
    hidden_size=2560,
    intermediate_size=10240,
    num_attention_heads=8,
    num_key_value_heads=4,
    head_dim=256,
    sliding_window=1024,
    attn_implementation="sdpa",
)
model = Gemma3DecoderLayer(config, layer_idx=0).eval()
rotary_emb = Gemma3RotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids, "sliding_attention")
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
