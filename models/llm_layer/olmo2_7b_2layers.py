# labels: name::olmo2_7b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer allenai/OLMo-2-1124-7B decoder: transformers Olmo2Model(config) with random weights, built
from Olmo2Config with the sizes of allenai/OLMo-2-1124-7B but num_hidden_layers=2, so the whole
stack (token embeddings, two decoder layers, final norm; no LM head) runs on a CPU.
Architecture: post-norm RMSNorm on attention and MLP outputs and QK-norm.
Source: https://huggingface.co/docs/transformers/model_doc/olmo2
"""
from benchit.parser import parse
import torch
from transformers import Olmo2Config, Olmo2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Olmo2Config(
    vocab_size=100352,
    rope_parameters={"rope_type": "default", "rope_theta": 500000.0},
    max_position_embeddings=4096,
    num_hidden_layers=2,
    attn_implementation="sdpa",
)
model = Olmo2Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
