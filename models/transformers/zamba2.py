# labels: name::zamba2 author::huggingface task::nlp test_group::daily
"""
Zamba2 hybrid decoder (Mamba-2 layers and a shared attention block; reference PyTorch scan).
Built from transformers.Zamba2Config(...) with random weights: Zamba2Model(config).

The default config is Zamba2-2.7B (54 layers of 2560); this script keeps its sizes but uses its
first 7 layers (six Mamba-2 layers and a hybrid one) so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/zamba2
"""
from benchit.parser import parse
import torch
from transformers import Zamba2Config, Zamba2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Zamba2Config(num_hidden_layers=7, layer_types=["linear_attention"] * 6 + ["hybrid"])
model = Zamba2Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
