# labels: name::falcon_mamba author::huggingface task::nlp test_group::daily
"""
Falcon-Mamba state-space decoder (reference PyTorch scan, no CUDA kernels).
Built from transformers.FalconMambaConfig(...) with random weights: FalconMambaModel(config).

The default config is Falcon-Mamba-7B (64 layers of 4096); this script keeps its sizes but uses
4 of its 64 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/falcon_mamba
"""
from benchit.parser import parse
import torch
from transformers import FalconMambaConfig, FalconMambaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = FalconMambaConfig(num_hidden_layers=4)
model = FalconMambaModel(config).eval()
inputs = {"input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length))}

with torch.no_grad():
    model(**inputs)
