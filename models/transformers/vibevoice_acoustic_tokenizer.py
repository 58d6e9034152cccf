# labels: name::vibevoice_acoustic_tokenizer author::huggingface task::audio test_group::daily
"""
VibeVoiceAcousticTokenizerModel (model type `vibevoice_acoustic_tokenizer`), 687M parameters.
Built from transformers.VibeVoiceAcousticTokenizerConfig() with random weights: VibeVoiceAcousticTokenizerModel(config).

Inputs: max_audio_seq_length random audio samples. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/vibevoice_acoustic_tokenizer
"""
from benchit.parser import parse
import torch
from transformers import VibeVoiceAcousticTokenizerConfig, VibeVoiceAcousticTokenizerModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = VibeVoiceAcousticTokenizerConfig()
model = VibeVoiceAcousticTokenizerModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, 1, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
