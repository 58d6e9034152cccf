# labels: name::gemma3_4b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer google/gemma-3-4b-pt decoder: transformers Gemma3TextModel(config) with random weights,
built from Gemma3TextConfig with the sizes of google/gemma-3-4b-pt but num_hidden_layers=2, so the
whole stack (token embeddings, two decoder layers, final norm; no LM head) runs on a CPU.
Architecture: (text decoder) QK-norm, pre/post norms, 5 sliding-window (local RoPE theta 10000)
layers per global (theta 1e6) layer.
Gemma3TextModel is the text decoder of Gemma 3; the vision tower is not included.
Source: https://huggingface.co/docs/transformers/model_doc/gemma3
"""
from benchit.parser import parse
import torch
from transformers import Gemma3TextConfig, Gemma3TextModel

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
    num_hidden_layers=2,
    attn_implementation="sdpa",
)
model = Gemma3TextModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
