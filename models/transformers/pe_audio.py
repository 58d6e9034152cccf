# labels: name::pe_audio author::huggingface task::audio test_group::daily
"""
Perception Encoder audio-text model (DAC-encoded audio, 3 s).
Built from transformers.PeAudioConfig() with random weights: PeAudioModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/pe_audio
"""
from benchit.parser import parse
import torch
from transformers import PeAudioConfig, PeAudioModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PeAudioConfig()
model = PeAudioModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "input_values": torch.randn(batch_size, 1, 48000),  # 3 s at 16 kHz
}

with torch.no_grad():
    model(**inputs)
