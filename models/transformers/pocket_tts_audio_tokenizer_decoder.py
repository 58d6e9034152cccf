# labels: name::pocket_tts_audio_tokenizer_decoder author::huggingface task::audio test_group::daily
"""
Pocket TTS audio tokenizer decoder (Mimi-style: transformer, then SEANet upsampling to a 24 kHz waveform), 4 s of latents.
Built from transformers.PocketTTSAudioTokenizerDecoderConfig() with random weights: PocketTTSAudioTokenizerDecoderModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/pocket_tts_audio_tokenizer_decoder
"""
from benchit.parser import parse
import torch
from transformers import PocketTTSAudioTokenizerDecoderConfig, PocketTTSAudioTokenizerDecoderModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = PocketTTSAudioTokenizerDecoderConfig()
model = PocketTTSAudioTokenizerDecoderModel(config).eval()
frames = 50  # 4 s at 12.5 latent frames a second
inputs = {"latents": torch.randn(batch_size, config.hidden_size, frames)}  # the latents projected to the decoder's width

with torch.no_grad():
    model(**inputs)
