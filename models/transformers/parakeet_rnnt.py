# labels: name::parakeet_rnnt author::huggingface task::audio test_group::daily
"""
Parakeet RNN-T speech recogniser (FastConformer encoder, LSTM prediction network, joint network), 10 s of log-mel features.
Built from transformers.ParakeetRNNTConfig() with random weights: ParakeetForRNNT(config).

Parakeet RNN-T has no base model class; the transducer is the whole model, run for one decoder
step over every encoder frame.
Source: https://huggingface.co/docs/transformers/model_doc/parakeet
"""
from benchit.parser import parse
import torch
from transformers import ParakeetRNNTConfig, ParakeetForRNNT

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])
frames = 1000  # 10 s at a 10 ms hop

config = ParakeetRNNTConfig()
model = ParakeetForRNNT(config).eval()
inputs = {
    "input_features": torch.randn(batch_size, frames, config.encoder_config.num_mel_bins),
    "attention_mask": torch.ones(batch_size, frames, dtype=torch.long),
    "decoder_input_ids": torch.full((batch_size, 1), config.blank_token_id),  # the prediction network's first step
}

with torch.no_grad():
    model(**inputs)
