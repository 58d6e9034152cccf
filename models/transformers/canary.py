# labels: name::canary author::huggingface task::audio test_group::daily
"""
Canary speech recogniser and translator (FastConformer encoder, Transformer decoder), 10 s of log-mel features.
Built from transformers.CanaryConfig(...) with random weights: CanaryModel(config).

The default config is Canary-1B-sized (a 32-layer FastConformer encoder of 1024, an 8-layer
decoder); this script keeps its sizes but uses 8 of its 32 encoder layers so it runs on a CPU.
The encoder config is given whole (an encoder_config dict replaces CanaryConfig's encoder
defaults, 128 mel bins among them).
Source: https://huggingface.co/docs/transformers/model_doc/canary
"""
from benchit.parser import parse
import torch
from transformers import CanaryConfig, CanaryModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])
frames = 1000  # 10 s at a 10 ms hop

config = CanaryConfig(encoder_config={"num_hidden_layers": 8, "num_mel_bins": 128, "scale_input": False, "layerdrop": 0.0})
model = CanaryModel(config).eval()
inputs = {
    "input_features": torch.randn(batch_size, frames, config.encoder_config.num_mel_bins),
    "attention_mask": torch.ones(batch_size, frames, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),  # the task prompt and transcript so far
}

with torch.no_grad():
    model(**inputs)
