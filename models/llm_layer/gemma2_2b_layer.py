# labels: name::gemma2_2b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of google/gemma-2-2b: transformers Gemma2DecoderLayer(config, layer_idx=0) with
random weights, built from Gemma2Config with the defaults of Gemma2Config, which are the sizes of
google/gemma-2-2b.
Architecture: pre- and post-norm around attention and MLP, attention-logit soft-capping, alternating
sliding-window (4096) and global attention, GeGLU MLP.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by Gemma2RotaryEmbedding, position ids and an additive causal mask.
Soft-capping is not supported by SDPA, so the config uses eager attention as the Gemma 2 models do.
Source: https://huggingface.co/docs/transformers/model_doc/gemma2
"""
from benchit.parser import parse
import torch
from transformers import Gemma2Config
from transformers.models.gemma2.modeling_gemma2 import Gemma2DecoderLayer, Gemma2RotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Gemma2Config(attn_implementation="eager")
model = Gemma2DecoderLayer(config, layer_idx=0).eval()
rotary_emb = Gemma2RotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
