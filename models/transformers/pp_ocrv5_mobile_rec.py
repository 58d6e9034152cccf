# labels: name::pp_ocrv5_mobile_rec author::huggingface task::computer_vision test_group::daily
"""
PPOCRV5MobileRecModel (model type `pp_ocrv5_mobile_rec`), 3M parameters.
Built from transformers.PPOCRV5MobileRecConfig() with random weights: PPOCRV5MobileRecModel(config).

Inputs: random 3-channel images at the config's size, 224 x 224. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/pp_ocrv5_mobile_rec
"""
from benchit.parser import parse
import torch
from transformers import PPOCRV5MobileRecConfig, PPOCRV5MobileRecModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = PPOCRV5MobileRecConfig()
model = PPOCRV5MobileRecModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 224, 224)}

with torch.no_grad():
    model(**inputs)
