# labels: name::lfm2_moe author::huggingface task::nlp test_group::daily
"""
LFM2-MoE decoder (short convolutions and attention, mixture-of-experts MLPs).
Built from transformers.Lfm2MoeConfig(...) with random weights: Lfm2MoeModel(config).

Lfm2MoeConfig() leaves layer_types unset (None), which the model cannot build; this script uses
3 of LFM2-8B-A1B's layers (two convolution layers with dense MLPs and an attention layer with 32
experts), at its widths.
Source: https://huggingface.co/docs/transformers/model_doc/lfm2_moe
"""
from benchit.parser import parse
import torch
from transformers import Lfm2MoeConfig, Lfm2MoeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Lfm2MoeConfig(num_hidden_layers=3, layer_types=["conv", "conv", "full_attention"])
model = Lfm2MoeModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
