# labels: name::fun_asr_nano_encoder author::huggingface task::audio test_group::daily
"""
Fun-ASR-Nano SenseVoice-style audio encoder, 10 s of features.
Built from transformers.FunAsrNanoEncoderConfig() with random weights: FunAsrNanoEncoder(config).
Source: https://huggingface.co/docs/transformers/model_doc/fun_asr_nano_encoder
"""
from benchit.parser import parse
import torch
from transformers import FunAsrNanoEncoderConfig, FunAsrNanoEncoder

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = FunAsrNanoEncoderConfig()
model = FunAsrNanoEncoder(config).eval()
frames = 167  # 10 s: 7 stacked 10 ms frames make one (a 60 ms hop)
inputs = {
    "input_features": torch.randn(batch_size, frames, config.num_mel_bins * config.num_stacked_frames),
    "input_features_mask": torch.ones(batch_size, frames, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
