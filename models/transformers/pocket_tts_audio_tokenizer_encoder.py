# labels: name::pocket_tts_audio_tokenizer_encoder author::huggingface task::audio test_group::daily
"""
PocketTTSAudioTokenizerEncoderModel (model type `pocket_tts_audio_tokenizer_encoder`), 10M parameters.
Built from transformers.PocketTTSAudioTokenizerEncoderConfig() with random weights: PocketTTSAudioTokenizerEncoderModel(config).

Inputs: max_audio_seq_length random audio samples. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/pocket_tts_audio_tokenizer_encoder
"""
from benchit.parser import parse
import torch
from transformers import PocketTTSAudioTokenizerEncoderConfig, PocketTTSAudioTokenizerEncoderModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = PocketTTSAudioTokenizerEncoderConfig()
model = PocketTTSAudioTokenizerEncoderModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, 1, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
