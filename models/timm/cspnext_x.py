# labels: name::cspnext_x author::timm task::image_classification model_family::cspnext test_group::daily
"""
cspnext_x: timm.create_model("cspnext_x", pretrained=False), random weights (48.9M parameters).
Module: timm.models.cspnext (CSPNeXt (RTMDet / OpenMMLab))
Paper (the first the module cites): RTMDet: An Empirical Study of Designing Real-Time Object Detectors, https://arxiv.org/abs/2212.07784
Paper of the default pretrained config cspnext_x.rsb_a1_in1k: RTMDet: An Empirical Study of Designing Real-Time Object Detectors
Source: https://github.com/huggingface/pytorch-image-models (timm/models/cspnext.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("cspnext_x", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
