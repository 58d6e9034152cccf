# labels: name::pythia_6_9b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of EleutherAI/pythia-6.9b: transformers GPTNeoXLayer(config, layer_idx=0) with
random weights, built from GPTNeoXConfig with the sizes of EleutherAI/pythia-6.9b.
Architecture: GPT-NeoX block: parallel attention and MLP with separate LayerNorms, rotary embeddings
on 25% of each head.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by GPTNeoXRotaryEmbedding, position ids and an additive causal mask.
Source: https://huggingface.co/docs/transformers/model_doc/gpt_neox
"""
from benchit.parser import parse
import torch
from transformers import GPTNeoXConfig
from transformers.models.gpt_neox.modeling_gpt_neox import GPTNeoXLayer, GPTNeoXRotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GPTNeoXConfig(
    vocab_size=50432,
    hidden_size=4096,
    intermediate_size=16384,
    num_attention_heads=32,
    attn_implementation="sdpa",
)
model = GPTNeoXLayer(config, layer_idx=0).eval()
rotary_emb = GPTNeoXRotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
