# labels: name::mlcd_vision_model author::huggingface task::computer_vision test_group::daily
"""
MLCDVisionModel (model type `mlcd_vision_model`), 78M parameters.
Built from transformers.MLCDVisionConfig(...) with random weights: MLCDVisionModel(config).

The default config has 1.84B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (78M parameters). Inputs: random 3-channel images at the
config's size, 336 x 336. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/mlcd_vision_model
"""
from benchit.parser import parse
import torch
from transformers import MLCDVisionConfig, MLCDVisionModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = MLCDVisionConfig(num_hidden_layers=2)
model = MLCDVisionModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 336, 336)}

with torch.no_grad():
    model(**inputs)
