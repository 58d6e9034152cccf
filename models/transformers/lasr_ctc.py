# labels: name::lasr_ctc author::huggingface task::audio test_group::daily
"""
LASR speech recogniser (Conformer encoder, CTC head), 10 s of log-mel features.
Built from transformers.LasrCTCConfig() with random weights: LasrForCTC(config).

LASR has no base model class; the CTC model is the whole model.
Source: https://huggingface.co/docs/transformers/model_doc/lasr_ctc
"""
from benchit.parser import parse
import torch
from transformers import LasrCTCConfig, LasrForCTC

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = LasrCTCConfig()
model = LasrForCTC(config).eval()
frames = 1000  # 10 s at a 10 ms hop
inputs = {"input_features": torch.randn(batch_size, frames, config.encoder_config.num_mel_bins)}

with torch.no_grad():
    model(**inputs)
