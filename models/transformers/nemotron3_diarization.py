# labels: name::nemotron3_diarization author::huggingface task::audio test_group::daily
"""
Nemotron 3 streaming speaker diarization, 10 s of log-mel features.
Built from transformers.Nemotron3DiarizationConfig() with random weights: Nemotron3DiarizationModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/nemotron3_diarization
"""
from benchit.parser import parse
import torch
from transformers import Nemotron3DiarizationConfig, Nemotron3DiarizationModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Nemotron3DiarizationConfig()
model = Nemotron3DiarizationModel(config).eval()
frames = 1000  # 10 s at a 10 ms hop
inputs = {"input_features": torch.randn(batch_size, frames, config.audio_config.num_mel_bins)}

with torch.no_grad():
    model(**inputs)
