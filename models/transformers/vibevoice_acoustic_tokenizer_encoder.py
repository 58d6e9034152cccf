# labels: name::vibevoice_acoustic_tokenizer_encoder author::huggingface task::audio test_group::daily
"""
VibeVoice acoustic tokenizer encoder (24 kHz audio to latents), 1 s of audio.
Built from transformers.VibeVoiceAcousticTokenizerEncoderConfig() with random weights: VibeVoiceAcousticTokenizerEncoderModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/vibevoice_acoustic_tokenizer_encoder
"""
from benchit.parser import parse
import torch
from transformers import VibeVoiceAcousticTokenizerEncoderConfig, VibeVoiceAcousticTokenizerEncoderModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = VibeVoiceAcousticTokenizerEncoderConfig()
model = VibeVoiceAcousticTokenizerEncoderModel(config).eval()
inputs = {"hidden_states": torch.randn(batch_size, config.channels, 24000)}  # 1 s at 24 kHz

with torch.no_grad():
    model(**inputs)
