# labels: name::data2vec_vision author::huggingface task::computer_vision test_group::daily
"""
data2vec vision encoder (BEiT architecture).
Built from transformers.Data2VecVisionConfig(...) with random weights: Data2VecVisionModel(config).

Built with image_size=height (square images).
Source: https://huggingface.co/docs/transformers/model_doc/data2vec
"""
from benchit.parser import parse
import torch
from transformers import Data2VecVisionConfig, Data2VecVisionModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = Data2VecVisionConfig(image_size=height, num_channels=num_channels)
model = Data2VecVisionModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
