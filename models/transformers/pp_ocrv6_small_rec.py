# labels: name::pp_ocrv6_small_rec author::huggingface task::computer_vision test_group::daily
"""
PPOCRV6SmallRecModel (model type `pp_ocrv6_small_rec`), 3M parameters.
Built from transformers.PPOCRV6SmallRecConfig() with random weights: PPOCRV6SmallRecModel(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/pp_ocrv6_small_rec
"""
from benchit.parser import parse
import torch
from transformers import PPOCRV6SmallRecConfig, PPOCRV6SmallRecModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = PPOCRV6SmallRecConfig()
model = PPOCRV6SmallRecModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
