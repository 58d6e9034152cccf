# labels: name::sew author::huggingface task::audio test_group::daily
"""
SEW (squeezed and efficient wav2vec) speech encoder.
Built from transformers.SEWConfig() with random weights: SEWModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/sew
"""
from benchit.parser import parse
import torch
from transformers import SEWConfig, SEWModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = SEWConfig()
model = SEWModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
