# labels: name::parakeet_ctc author::huggingface task::audio test_group::daily
"""
ParakeetForCTC (model type `parakeet_ctc`), 54M parameters.
Built from transformers.ParakeetCTCConfig(...) with random weights: ParakeetForCTC(config).

The default config has 0.61B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks encoder_config: num_hidden_layers=2 (54M parameters). Inputs: 3000 frames of
80 random audio features. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/parakeet_ctc
"""
from benchit.parser import parse
import torch
from transformers import ParakeetCTCConfig, ParakeetForCTC

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = ParakeetCTCConfig(encoder_config={"num_hidden_layers": 2})
model = ParakeetForCTC(config).eval()
inputs = {"input_features": torch.randn(batch_size, 3000, 80)}

with torch.no_grad():
    model(**inputs)
