# labels: name::sew_d author::huggingface task::audio test_group::daily
"""
SEW-D (SEW with DeBERTa attention) speech encoder.
Built from transformers.SEWDConfig() with random weights: SEWDModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/sew-d
"""
from benchit.parser import parse
import torch
from transformers import SEWDConfig, SEWDModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = SEWDConfig()
model = SEWDModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
