# labels: name::autoformer author::huggingface task::time_series test_group::daily
"""
Autoformer (auto-correlation) forecaster.
Built from transformers.AutoformerConfig(...) with random weights: AutoformerModel(config).

Configured for hourly data: 24-step prediction from a 48-step context, one time feature.
Source: https://huggingface.co/docs/transformers/model_doc/autoformer
"""
from benchit.parser import parse
import torch
from transformers import AutoformerConfig, AutoformerModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = AutoformerConfig(prediction_length=24, context_length=48, num_time_features=1)
model = AutoformerModel(config).eval()
past_length = config.context_length + max(config.lags_sequence)
inputs = {
    "past_values": torch.randn(batch_size, past_length),
    "past_time_features": torch.randn(batch_size, past_length, config.num_time_features),
    "past_observed_mask": torch.ones(batch_size, past_length),
    "future_values": torch.randn(batch_size, config.prediction_length),
    "future_time_features": torch.randn(batch_size, config.prediction_length, config.num_time_features),
}

with torch.no_grad():
    model(**inputs)
