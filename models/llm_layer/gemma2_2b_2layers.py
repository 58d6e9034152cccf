# labels: name::gemma2_2b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer google/gemma-2-2b decoder: transformers Gemma2Model(config) with random weights, built
from Gemma2Config with its defaults (the sizes of google/gemma-2-2b) but num_hidden_layers=2, so the
whole stack (token embeddings, two decoder layers, final norm; no LM head) runs on a CPU.
Architecture: pre- and post-norm around attention and MLP, attention-logit soft-capping, alternating
sliding-window (4096) and global attention, GeGLU MLP.
Source: https://huggingface.co/docs/transformers/model_doc/gemma2
"""
from benchit.parser import parse
import torch
from transformers import Gemma2Config, Gemma2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Gemma2Config(num_hidden_layers=2, attn_implementation="eager")
model = Gemma2Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
