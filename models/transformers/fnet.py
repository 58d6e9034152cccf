# labels: name::fnet author::huggingface task::nlp test_group::daily
"""
FNet: token mixing with Fourier transforms (no attention mask).
Built from transformers.FNetConfig() with random weights: FNetModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/fnet
"""
from benchit.parser import parse
import torch
from transformers import FNetConfig, FNetModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = FNetConfig()
model = FNetModel(config).eval()
inputs = {"input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length))}

with torch.no_grad():
    model(**inputs)
