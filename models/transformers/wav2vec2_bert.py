# labels: name::wav2vec2_bert author::huggingface task::nlp test_group::daily
"""
Wav2Vec2-BERT (w2v-BERT 2.0) encoder over 80-bin filterbank frames stacked in pairs.
Built from transformers.Wav2Vec2BertConfig() with random weights: Wav2Vec2BertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/wav2vec2-bert
"""
from benchit.parser import parse
import torch
from transformers import Wav2Vec2BertConfig, Wav2Vec2BertModel

torch.manual_seed(0)
batch_size, max_audio_seq_length = parse(["batch_size", "max_audio_seq_length"])
num_frames = max_audio_seq_length // 160  # 10 ms hop at 16 kHz

config = Wav2Vec2BertConfig()
model = Wav2Vec2BertModel(config).eval()
inputs = {"input_features": torch.randn(batch_size, num_frames // 2, config.feature_projection_input_dim)}

with torch.no_grad():
    model(**inputs)
