# labels: name::rdnet_base author::timm task::image_classification model_family::rdnet test_group::daily
"""
rdnet_base: timm.create_model("rdnet_base", pretrained=False), random weights (87.5M parameters).
Module: timm.models.rdnet (RDNet)
Paper (the first the module cites): DenseNets Reloaded: Paradigm Shift Beyond ResNets and ViTs, https://arxiv.org/abs/2403.19588
Paper of the default pretrained config rdnet_base.nv_in1k: DenseNets Reloaded: Paradigm Shift Beyond ResNets and ViTs
Source: https://github.com/huggingface/pytorch-image-models (timm/models/rdnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("rdnet_base", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
