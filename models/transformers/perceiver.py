# labels: name::perceiver author::huggingface task::multimodal test_group::daily
"""
Perceiver IO (generic: latent cross-attention over embedded inputs).
Built from transformers.PerceiverConfig() with random weights: PerceiverModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/perceiver
"""
from benchit.parser import parse
import torch
from transformers import PerceiverConfig, PerceiverModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PerceiverConfig()
model = PerceiverModel(config).eval()
inputs = {"inputs": torch.randn(batch_size, max_seq_length, config.d_model)}

with torch.no_grad():
    model(**inputs)
