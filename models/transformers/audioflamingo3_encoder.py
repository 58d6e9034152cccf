# labels: name::audioflamingo3_encoder author::huggingface task::audio test_group::daily
"""
Audio Flamingo 3 audio encoder (Whisper-large-v3 encoder, then average pooling over time), 30 s of log-mel features.
Built from transformers.AudioFlamingo3EncoderConfig() with random weights: AudioFlamingo3Encoder(config).
Source: https://huggingface.co/docs/transformers/model_doc/audioflamingo3_encoder
"""
from benchit.parser import parse
import torch
from transformers import AudioFlamingo3EncoderConfig, AudioFlamingo3Encoder

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = AudioFlamingo3EncoderConfig()
model = AudioFlamingo3Encoder(config).eval()
frames = 2 * config.max_source_positions  # 3000: 30 s at a 10 ms hop, the only length its positions fit
inputs = {
    "input_features": torch.randn(batch_size, config.num_mel_bins, frames),
    "input_features_mask": torch.ones(batch_size, frames, dtype=torch.long),  # no padding
}

with torch.no_grad():
    model(**inputs)
