# labels: name::nf_seresnet26 author::timm task::image_classification model_family::nfnet test_group::daily
"""
nf_seresnet26: timm.create_model("nf_seresnet26", pretrained=False), random weights (17.4M parameters).
Module: timm.models.nfnet (Normalization Free Nets. NFNet, NF-RegNet, NF-ResNet (pre-activation) Models)
Paper (the first the module cites): Characterizing signal propagation to close the performance gap in unnormalized ResNets, https://arxiv.org/abs/2101.08692
Source: https://github.com/huggingface/pytorch-image-models (timm/models/nfnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("nf_seresnet26", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
