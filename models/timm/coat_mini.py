# labels: name::coat_mini author::timm task::image_classification model_family::coat test_group::daily
"""
coat_mini: timm.create_model("coat_mini", pretrained=False), random weights (10.3M parameters).
Module: timm.models.coat (CoaT architecture.)
Paper (the first the module cites): Co-Scale Conv-Attentional Image Transformers, https://arxiv.org/abs/2104.06399
Source: https://github.com/huggingface/pytorch-image-models (timm/models/coat.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("coat_mini", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
