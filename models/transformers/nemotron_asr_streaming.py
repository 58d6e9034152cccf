# labels: name::nemotron_asr_streaming author::huggingface task::audio test_group::daily
"""
Nemotron streaming ASR transducer (cache-aware FastConformer encoder, LSTM prediction network, joint network), 10 s of log-mel features.
Built from transformers.NemotronAsrStreamingConfig() with random weights: NemotronAsrStreamingForRNNT(config).

It has no base model class; the transducer is the whole model, run for one decoder step over
every encoder frame (the whole 10 s at once, with the config's default look-ahead).
Source: https://huggingface.co/docs/transformers/model_doc/nemotron_asr_streaming
"""
from benchit.parser import parse
import torch
from transformers import NemotronAsrStreamingConfig, NemotronAsrStreamingForRNNT

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])
frames = 1000  # 10 s at a 10 ms hop

config = NemotronAsrStreamingConfig()
model = NemotronAsrStreamingForRNNT(config).eval()
inputs = {
    "input_features": torch.randn(batch_size, frames, config.encoder_config.num_mel_bins),
    "attention_mask": torch.ones(batch_size, frames, dtype=torch.long),
    "decoder_input_ids": torch.full((batch_size, 1), config.blank_token_id),  # the prediction network's first step
}

with torch.no_grad():
    model(**inputs)
