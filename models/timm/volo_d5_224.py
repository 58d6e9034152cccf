# labels: name::volo_d5_224 author::timm task::image_classification model_family::volo test_group::daily
"""
volo_d5_224: timm.create_model("volo_d5_224", pretrained=False), random weights (295.5M parameters).
Module: timm.models.volo (Vision OutLOoker (VOLO) implementation)
Paper (the first the module cites): VOLO: Vision Outlooker for Visual Recognition, https://arxiv.org/abs/2106.13112
Source: https://github.com/huggingface/pytorch-image-models (timm/models/volo.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("volo_d5_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
