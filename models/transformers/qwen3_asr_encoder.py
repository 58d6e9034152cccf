# labels: name::qwen3_asr_encoder author::huggingface task::audio test_group::daily
"""
Qwen3-ASR audio encoder, 10 s of log-mel features.
Built from transformers.Qwen3ASREncoderConfig() with random weights: Qwen3ASREncoder(config).
Source: https://huggingface.co/docs/transformers/model_doc/qwen3_asr_encoder
"""
from benchit.parser import parse
import torch
from transformers import Qwen3ASREncoderConfig, Qwen3ASREncoder

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Qwen3ASREncoderConfig()
model = Qwen3ASREncoder(config).eval()
frames = 1000  # 10 s at a 10 ms hop
inputs = {
    "input_features": torch.randn(batch_size, config.num_mel_bins, frames),
    "input_features_mask": torch.ones(batch_size, frames, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
