# labels: name::gpt_oss_20b_layer author::huggingface task::llm test_group::daily
"""
One decoder layer of openai/gpt-oss-20b: transformers GptOssDecoderLayer(config, layer_idx=0) with
random weights, built from GptOssConfig with the sizes of openai/gpt-oss-20b.
Architecture: grouped-query attention (64 / 8 heads of 64) with learned attention sinks, alternating
128-token sliding-window and full layers, YaRN RoPE, and a mixture-of-experts MLP: 32 experts of
2880 with clamped SwiGLU, top-4.
The layer is called the way the family's model calls it: hidden states, the rotary position
embeddings computed by GptOssRotaryEmbedding, position ids and an additive causal mask.
Layer 0 is a sliding-window layer (128 tokens), so the mask is causal and banded. Attention sinks
need eager attention.
Source: https://huggingface.co/docs/transformers/model_doc/gpt_oss
"""
from benchit.parser import parse
import torch
from transformers import GptOssConfig
from transformers.models.gpt_oss.modeling_gpt_oss import GptOssDecoderLayer, GptOssRotaryEmbedding

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GptOssConfig(num_local_experts=32, num_hidden_layers=24, attn_implementation="eager")
model = GptOssDecoderLayer(config, layer_idx=0).eval()
# A bare layer is not a PreTrainedModel, so nothing fills the weights its MoE block allocates
# uninitialised (fused experts, router): draw them as the family's _init_weights does.
for name, param in model.named_parameters():
    if name.startswith("mlp.") or name == "self_attn.sinks":
        torch.nn.init.normal_(param, std=config.initializer_range)
rotary_emb = GptOssRotaryEmbedding(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids)
positions = torch.arange(max_seq_length)
distance = positions[:, None] - positions[None, :]
visible = (distance >= 0) & (distance < config.sliding_window)  # causal, within the window
causal_mask = torch.zeros(max_seq_length, max_seq_length).masked_fill(~visible, float("-inf"))
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model(hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings)
