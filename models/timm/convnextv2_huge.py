# labels: name::convnextv2_huge author::timm task::image_classification model_family::convnext test_group::daily
"""
convnextv2_huge: timm.create_model("convnextv2_huge", pretrained=False), random weights (660.3M parameters).
Module: timm.models.convnext (ConvNeXt)
Paper (the first the module cites): A ConvNet for the 2020s, https://arxiv.org/abs/2201.03545
Paper of the default pretrained config convnextv2_huge.fcmae_ft_in22k_in1k_384: ConvNeXt V2: Co-designing and Scaling ConvNets with Masked Autoencoders
Source: https://github.com/huggingface/pytorch-image-models (timm/models/convnext.py)
Runs at its default input size from timm's pretrained_cfg, 384 x 384 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("convnextv2_huge", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 384, 384)

with torch.no_grad():
    model(inputs)
