# labels: name::tf_mobilenetv3_small_minimal_100 author::timm task::image_classification model_family::mobilenetv3 test_group::daily
"""
tf_mobilenetv3_small_minimal_100: timm.create_model("tf_mobilenetv3_small_minimal_100", pretrained=False), random weights (2.0M parameters).
Module: timm.models.mobilenetv3 (MobileNet V3)
Paper (the first the module cites): Searching for MobileNetV3, https://arxiv.org/abs/1905.02244
Source: https://github.com/huggingface/pytorch-image-models (timm/models/mobilenetv3.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("tf_mobilenetv3_small_minimal_100", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
