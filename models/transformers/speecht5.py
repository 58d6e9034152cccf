# labels: name::speecht5 author::huggingface task::audio test_group::daily
"""
SpeechT5 speech-to-text (speech encoder pre-net + text decoder).
Built from transformers.SpeechT5Config() with random weights: SpeechT5ForSpeechToText(config).
Source: https://huggingface.co/docs/transformers/model_doc/speecht5
"""
from benchit.parser import parse
import torch
from transformers import SpeechT5Config, SpeechT5ForSpeechToText

torch.manual_seed(0)
batch_size, max_audio_seq_length, max_seq_length = parse(["batch_size", "max_audio_seq_length", "max_seq_length"])

config = SpeechT5Config()
model = SpeechT5ForSpeechToText(config).eval()
inputs = {
    "input_values": torch.randn(batch_size, max_audio_seq_length),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
