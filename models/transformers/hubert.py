# labels: name::hubert author::huggingface task::audio test_group::daily
"""
HuBERT base speech encoder.
Built from transformers.HubertConfig() with random weights: HubertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/hubert
"""
from benchit.parser import parse
import torch
from transformers import HubertConfig, HubertModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = HubertConfig()
model = HubertModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
