# labels: name::timesfm author::huggingface task::time_series test_group::daily
"""
TimesFM decoder-only time-series foundation model (512-step context).
Built from transformers.TimesFmConfig() with random weights: TimesFmModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/timesfm
"""
from benchit.parser import parse
import torch
from transformers import TimesFmConfig, TimesFmModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = TimesFmConfig()
model = TimesFmModel(config).eval()
context = config.context_length
inputs = {
    "past_values": torch.randn(batch_size, context),
    "past_values_padding": torch.zeros(batch_size, context, dtype=torch.long),  # no padding
    "freq": torch.zeros(batch_size, 1, dtype=torch.long),  # frequency class 0: high frequency
}

with torch.no_grad():
    model(**inputs)
