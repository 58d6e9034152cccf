# labels: name::glm4_9b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer THUDM/GLM-4-9B-0414 decoder: transformers Glm4Model(config) with random weights, built
from Glm4Config with the sizes of THUDM/GLM-4-9B-0414 but num_hidden_layers=2, so the whole stack
(token embeddings, two decoder layers, final norm; no LM head) runs on a CPU.
Architecture: grouped-query attention (32 / 2 heads) with QKV biases, partial (50%) rotary
embeddings, sandwich norms around attention and MLP.
Source: https://huggingface.co/docs/transformers/model_doc/glm4
"""
from benchit.parser import parse
import torch
from transformers import Glm4Config, Glm4Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Glm4Config(
    vocab_size=151552,
    hidden_size=4096,
    intermediate_size=13696,
    num_attention_heads=32,
    num_key_value_heads=2,
    num_hidden_layers=2,
    attn_implementation="sdpa",
)
model = Glm4Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
