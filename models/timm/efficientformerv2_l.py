# labels: name::efficientformerv2_l author::timm task::image_classification model_family::efficientformer_v2 test_group::daily
"""
efficientformerv2_l: timm.create_model("efficientformerv2_l", pretrained=False), random weights (26.3M parameters).
Module: timm.models.efficientformer_v2 (EfficientFormer-V2)
Paper (the first the module cites): Rethinking Vision Transformers for MobileNet Size and Speed, https://arxiv.org/abs/2212.08059
Source: https://github.com/huggingface/pytorch-image-models (timm/models/efficientformer_v2.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("efficientformerv2_l", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
