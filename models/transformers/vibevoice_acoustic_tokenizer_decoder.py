# labels: name::vibevoice_acoustic_tokenizer_decoder author::huggingface task::audio test_group::daily
"""
VibeVoice acoustic tokenizer decoder (latents to 24 kHz audio), 8 latent frames.
Built from transformers.VibeVoiceAcousticTokenizerDecoderConfig() with random weights: VibeVoiceAcousticTokenizerDecoderModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/vibevoice_acoustic_tokenizer_decoder
"""
from benchit.parser import parse
import torch
from transformers import VibeVoiceAcousticTokenizerDecoderConfig, VibeVoiceAcousticTokenizerDecoderModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = VibeVoiceAcousticTokenizerDecoderConfig()
model = VibeVoiceAcousticTokenizerDecoderModel(config).eval()
inputs = {"hidden_states": torch.randn(batch_size, config.hidden_size, 8)}  # 8 frames of latents, about 1 s of audio

with torch.no_grad():
    model(**inputs)
