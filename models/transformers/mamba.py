# labels: name::mamba author::huggingface task::nlp test_group::daily
"""
Mamba state-space decoder (130M-sized default config; reference PyTorch scan).
Built from transformers.MambaConfig() with random weights: MambaModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/mamba
"""
from benchit.parser import parse
import torch
from transformers import MambaConfig, MambaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MambaConfig()
model = MambaModel(config).eval()
inputs = {"input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length))}

with torch.no_grad():
    model(**inputs)
