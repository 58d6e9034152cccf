# labels: name::raft_large author::torchvision task::optical_flow test_group::daily
"""
RAFT: torchvision.models.optical_flow.raft_large(weights=None), random weights.
Paper: Teed and Deng, RAFT: Recurrent All-Pairs Field Transforms, https://arxiv.org/abs/2003.12039
Source: https://pytorch.org/vision/stable/models.html#optical-flow
RAFT takes two images (height and width divisible by 8) and returns the list of flow
estimates from its 12 recurrent refinement steps.
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.optical_flow.raft_large(weights=None).eval()
image1 = torch.rand(batch_size, num_channels, height, width)
image2 = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(image1, image2)
