# labels: name::vits author::huggingface task::audio test_group::daily
"""
VITS end-to-end text-to-speech (MMS-TTS-sized), text ids to waveform.
Built from transformers.VitsConfig() with random weights: VitsModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/vits
"""
from benchit.parser import parse
import torch
from transformers import VitsConfig, VitsModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = VitsConfig()
model = VitsModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
