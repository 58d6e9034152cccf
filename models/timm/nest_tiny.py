# labels: name::nest_tiny author::timm task::image_classification model_family::nest test_group::daily
"""
nest_tiny: timm.create_model("nest_tiny", pretrained=False), random weights (17.1M parameters).
Module: timm.models.nest (Nested Transformer (NesT) in PyTorch)
Paper (the first the module cites): Nested Hierarchical Transformer: Towards Accurate, Data-Efficient and Interpretable Visual Understanding, https://arxiv.org/abs/2105.12723
Source: https://github.com/huggingface/pytorch-image-models (timm/models/nest.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("nest_tiny", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
