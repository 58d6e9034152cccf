# labels: name::moonshine_streaming author::huggingface task::audio test_group::daily
"""
Moonshine streaming speech recognition encoder-decoder (raw waveform input).
Built from transformers.MoonshineStreamingConfig(...) with random weights: MoonshineStreamingModel(config).

Its decoder reads num_key_value_heads, which MoonshineStreamingConfig() does not define; it is
set to the decoder's 8 attention heads (plain multi-head attention).
Source: https://huggingface.co/docs/transformers/model_doc/moonshine_streaming
"""
from benchit.parser import parse
import torch
from transformers import MoonshineStreamingConfig, MoonshineStreamingModel

torch.manual_seed(0)
batch_size, max_audio_seq_length, max_seq_length = parse(["batch_size", "max_audio_seq_length", "max_seq_length"])

config = MoonshineStreamingConfig(num_key_value_heads=8)
model = MoonshineStreamingModel(config).eval()
inputs = {
    "input_values": torch.randn(batch_size, max_audio_seq_length),
    "attention_mask": torch.ones(batch_size, max_audio_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
