# labels: name::sequencer2d_s author::timm task::image_classification model_family::sequencer test_group::daily
"""
sequencer2d_s: timm.create_model("sequencer2d_s", pretrained=False), random weights (27.7M parameters).
Module: timm.models.sequencer (Sequencer)
Paper (the first the module cites): Sequencer: Deep LSTM for Image Classification, https://arxiv.org/abs/2205.01972
Source: https://github.com/huggingface/pytorch-image-models (timm/models/sequencer.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("sequencer2d_s", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
