# labels: name::pocket_tts_audio_tokenizer author::huggingface task::audio test_group::daily
"""
PocketTTSAudioTokenizerModel (model type `pocket_tts_audio_tokenizer`), 20M parameters.
Built from transformers.PocketTTSAudioTokenizerConfig() with random weights: PocketTTSAudioTokenizerModel(config).

Inputs: max_audio_seq_length random audio samples. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/pocket_tts_audio_tokenizer
"""
from benchit.parser import parse
import torch
from transformers import PocketTTSAudioTokenizerConfig, PocketTTSAudioTokenizerModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = PocketTTSAudioTokenizerConfig()
model = PocketTTSAudioTokenizerModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, 1, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
