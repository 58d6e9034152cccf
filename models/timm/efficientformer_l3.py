# labels: name::efficientformer_l3 author::timm task::image_classification model_family::efficientformer test_group::daily
"""
efficientformer_l3: timm.create_model("efficientformer_l3", pretrained=False), random weights (31.4M parameters).
Module: timm.models.efficientformer (EfficientFormer)
Paper (the first the module cites): EfficientFormer: Vision Transformers at MobileNet Speed, https://arxiv.org/abs/2206.01191
Source: https://github.com/huggingface/pytorch-image-models (timm/models/efficientformer.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("efficientformer_l3", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
