# labels: name::speech_to_text author::huggingface task::audio test_group::daily
"""
Speech2Text (S2T) speech encoder-decoder over 80-bin filterbanks.
Built from transformers.Speech2TextConfig() with random weights: Speech2TextModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/speech_to_text
"""
from benchit.parser import parse
import torch
from transformers import Speech2TextConfig, Speech2TextModel

torch.manual_seed(0)
batch_size, max_audio_seq_length, max_seq_length = parse(["batch_size", "max_audio_seq_length", "max_seq_length"])
num_frames = max_audio_seq_length // 160  # 10 ms hop at 16 kHz

config = Speech2TextConfig()
model = Speech2TextModel(config).eval()
inputs = {
    "input_features": torch.randn(batch_size, num_frames, config.input_feat_per_channel),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
