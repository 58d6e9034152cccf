# labels: name::granite_speech5_ctc author::huggingface task::audio test_group::daily
"""
Granite Speech 5 CTC recogniser, 10 s of features.
Built from transformers.GraniteSpeech5CTCConfig() with random weights: GraniteSpeech5ForCTC(config).

The CTC model is the whole model.
Source: https://huggingface.co/docs/transformers/model_doc/granite_speech5_ctc
"""
from benchit.parser import parse
import torch
from transformers import GraniteSpeech5CTCConfig, GraniteSpeech5ForCTC

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = GraniteSpeech5CTCConfig()
model = GraniteSpeech5ForCTC(config).eval()
frames = 500  # 10 s: two 10 ms frames stacked per step
# its feature extractor's layout: each mel bin with its delta, two frames stacked (4 values per bin)
inputs = {"input_features": torch.randn(batch_size, frames, config.encoder_config.num_mel_bins * 4)}

with torch.no_grad():
    model(**inputs)
