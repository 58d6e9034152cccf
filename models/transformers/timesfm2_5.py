# labels: name::timesfm2_5 author::huggingface task::time_series test_group::daily
"""
TimesFm2_5Model (model type `timesfm2_5`), 199M parameters.
Built from transformers.TimesFm2_5Config() with random weights: TimesFm2_5Model(config).

Inputs: one random series of the config's context length per sample. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/timesfm2_5
"""
from benchit.parser import parse
import torch
from transformers import TimesFm2_5Config, TimesFm2_5Model

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = TimesFm2_5Config()
model = TimesFm2_5Model(config).eval()
context = getattr(config, "context_length", None) or 512
inputs = {"past_values": torch.randn(batch_size, context)}

with torch.no_grad():
    model(**inputs)
