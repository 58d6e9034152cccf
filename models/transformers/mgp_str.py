# labels: name::mgp_str author::huggingface task::computer_vision test_group::daily
"""
MgpstrForSceneTextRecognition (model type `mgp-str`), 148M parameters.
Built from transformers.MgpstrConfig() with random weights: MgpstrForSceneTextRecognition(config).

Inputs: random 3-channel images at the config's size, 32 x 128. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/mgp-str
"""
from benchit.parser import parse
import torch
from transformers import MgpstrConfig, MgpstrForSceneTextRecognition

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = MgpstrConfig()
model = MgpstrForSceneTextRecognition(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 32, 128)}

with torch.no_grad():
    model(**inputs)
