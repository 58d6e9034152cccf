# labels: name::whisper author::huggingface task::audio test_group::daily
"""
Whisper speech encoder-decoder (tiny-sized default config).
Built from transformers.WhisperConfig() with random weights: WhisperModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/whisper
"""
from benchit.parser import parse
import torch
from transformers import WhisperConfig, WhisperModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = WhisperConfig()
model = WhisperModel(config).eval()
num_frames = 2 * config.max_source_positions  # the feature extractor pads every clip to 30 s = 3000 frames
inputs = {
    "input_features": torch.randn(batch_size, config.num_mel_bins, num_frames),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
