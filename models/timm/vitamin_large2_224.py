# labels: name::vitamin_large2_224 author::timm task::image_classification model_family::vitamin test_group::daily
"""
vitamin_large2_224: timm.create_model("vitamin_large2_224", pretrained=False), random weights (333.6M parameters).
Module: timm.models.vitamin (ViTamin)
Paper (the first the module cites): ViTamin: Designing Scalable Vision Models in the Vision-Language Era, https://arxiv.org/abs/2404.02132
Source: https://github.com/huggingface/pytorch-image-models (timm/models/vitamin.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("vitamin_large2_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
