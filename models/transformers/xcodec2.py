# labels: name::xcodec2 author::huggingface task::audio test_group::daily
"""
X-Codec 2 speech codec (acoustic and w2v-BERT semantic encoders), 1 s of audio.
Built from transformers.Xcodec2Config() with random weights: Xcodec2Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/xcodec2
"""
from benchit.parser import parse
import torch
from transformers import Xcodec2Config, Xcodec2Model

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Xcodec2Config()
model = Xcodec2Model(config).eval()
inputs = {
    "input_values": torch.randn(batch_size, 1, 16000),  # 1 s at 16 kHz
    "input_features": torch.randn(batch_size, 50, 160),  # its semantic features: 50 frames a second, 80 mel bins stacked in pairs
}

with torch.no_grad():
    model(**inputs)
