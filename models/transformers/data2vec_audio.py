# labels: name::data2vec_audio author::huggingface task::audio test_group::daily
"""
data2vec audio encoder.
Built from transformers.Data2VecAudioConfig() with random weights: Data2VecAudioModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/data2vec
"""
from benchit.parser import parse
import torch
from transformers import Data2VecAudioConfig, Data2VecAudioModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])

config = Data2VecAudioConfig()
model = Data2VecAudioModel(config).eval()
inputs = {"input_values": torch.randn(batch_size, max_audio_seq_length)}

with torch.no_grad():
    model(**inputs)
