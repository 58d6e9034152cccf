# labels: name::patchtsmixer author::huggingface task::time_series test_group::daily
"""
PatchTSMixer time-series MLP-mixer.
Built from transformers.PatchTSMixerConfig() with random weights: PatchTSMixerModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/patchtsmixer
"""
from benchit.parser import parse
import torch
from transformers import PatchTSMixerConfig, PatchTSMixerModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = PatchTSMixerConfig()
model = PatchTSMixerModel(config).eval()
inputs = {"past_values": torch.randn(batch_size, config.context_length, config.num_input_channels)}

with torch.no_grad():
    model(**inputs)
