# labels: name::mixtral_8x7b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of mistralai/Mixtral-8x7B-v0.1: transformers MixtralDecoderLayer(config,
layer_idx=0) with random weights, built from MixtralConfig with the defaults of MixtralConfig, which
are the sizes of mistralai/Mixtral-8x7B-v0.1.
Architecture: Mistral attention with a sparse mixture-of-experts MLP: 8 SwiGLU experts of 14336,
top-2 routing.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by MixtralRotaryEmbedding, position ids and an additive causal mask.
One layer holds 1.4B parameters (5.6 GB in fp32), so there is no 2-layer script.
Source: https://huggingface.co/docs/transformers/model_doc/mixtral
"""
from benchit.parser import parse
import torch
from transformers import MixtralConfig
from transformers.models.mixtral.modeling_mixtral import MixtralDecoderLayer, MixtralRotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MixtralConfig(attn_implementation="sdpa")
model = MixtralDecoderLayer(config, layer_idx=0).eval()
# A bare layer is not a PreTrainedModel, so nothing fills the weights its MoE block allocates
# uninitialised (fused experts, router): draw them as the family's _init_weights does.
for name, param in model.named_parameters():
    if name.startswith("mlp.") or name == "self_attn.sinks":
        torch.nn.init.normal_(param, std=config.initializer_range)
rotary_emb = MixtralRotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
