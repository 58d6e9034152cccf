# labels: name::univnet author::huggingface task::audio test_group::daily
"""
UnivNet GAN vocoder: log-mel spectrogram + noise to waveform.
Built from transformers.UnivNetConfig() with random weights: UnivNetModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/univnet
"""
from benchit.parser import parse
import torch
from transformers import UnivNetConfig, UnivNetModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])
num_frames = max_audio_seq_length // 256  # the vocoder's hop length

config = UnivNetConfig()
model = UnivNetModel(config).eval()
inputs = {
    "input_features": torch.randn(batch_size, num_frames, config.num_mel_bins),
    "noise_sequence": torch.randn(batch_size, num_frames, config.model_in_channels),
}

with torch.no_grad():
    model(**inputs)
