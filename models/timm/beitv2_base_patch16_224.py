# labels: name::beitv2_base_patch16_224 author::timm task::image_classification model_family::beit test_group::daily
"""
beitv2_base_patch16_224: timm.create_model("beitv2_base_patch16_224", pretrained=False), random weights (86.5M parameters).
Module: timm.models.beit (BEiT: BERT Pre-Training of Image Transformers (https://arxiv.org/abs/2106.08254))
Paper (the first the module cites): BEiT: BERT Pre-Training of Image Transformers, https://arxiv.org/abs/2106.08254
Source: https://github.com/huggingface/pytorch-image-models (timm/models/beit.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("beitv2_base_patch16_224", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
