# labels: name::recurrent_gemma author::huggingface task::nlp test_group::daily
"""
RecurrentGemma (Griffin: recurrent + local attention blocks).
Built from transformers.RecurrentGemmaConfig(...) with random weights: RecurrentGemmaModel(config).

The default config is RecurrentGemma-2B (26 layers); this script keeps its sizes but uses 3
layers (one recurrent-recurrent-attention period) so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/recurrent_gemma
"""
from benchit.parser import parse
import torch
from transformers import RecurrentGemmaConfig, RecurrentGemmaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = RecurrentGemmaConfig(num_hidden_layers=3)
model = RecurrentGemmaModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
