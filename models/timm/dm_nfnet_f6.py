# labels: name::dm_nfnet_f6 author::timm task::image_classification model_family::nfnet test_group::daily
"""
dm_nfnet_f6: timm.create_model("dm_nfnet_f6", pretrained=False), random weights (438.4M parameters).
Module: timm.models.nfnet (Normalization Free Nets. NFNet, NF-RegNet, NF-ResNet (pre-activation) Models)
Paper (the first the module cites): Characterizing signal propagation to close the performance gap in unnormalized ResNets, https://arxiv.org/abs/2101.08692
Source: https://github.com/huggingface/pytorch-image-models (timm/models/nfnet.py)
Runs at its default input size from timm's pretrained_cfg, 448 x 448 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("dm_nfnet_f6", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 448, 448)

with torch.no_grad():
    model(inputs)
