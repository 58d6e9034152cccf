# labels: name::lfm2_moe author::huggingface task::nlp test_group::daily
"""
LFM2-MoE decoder (short convolutions and attention, mixture-of-experts MLPs).
Built from transformers.Lfm2MoeConfig(...) with random weights: Lfm2MoeModel(config).

Lfm2MoeConfig() leaves layer_types unset (None), which the model cannot build; this script sets
3 layers at the default widths: two short-convolution layers (with the dense MLPs the first two
layers have) and one attention layer with the mixture of 32 experts. The mix of layer types is
this script's, not a released checkpoint's.
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
