# labels: name::patchtst author::huggingface task::time_series test_group::daily
"""
PatchTST time-series transformer (7 channels, 512-step context).
Built from transformers.PatchTSTConfig(...) with random weights: PatchTSTModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/patchtst
"""
from benchit.parser import parse
import torch
from transformers import PatchTSTConfig, PatchTSTModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = PatchTSTConfig(num_input_channels=7, context_length=512)
model = PatchTSTModel(config).eval()
inputs = {"past_values": torch.randn(batch_size, config.context_length, config.num_input_channels)}

with torch.no_grad():
    model(**inputs)
