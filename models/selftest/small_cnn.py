# labels: name::small_cnn author::selftest task::vision test_group::selftest
"""
A small convolutional classifier on height x width images.
Source: written for benchit's self test, in the style of LeNet.
"""
import torch

from benchit.parser import parse

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torch.nn.Sequential(
    torch.nn.Conv2d(num_channels, 8, 5, stride=2), torch.nn.ReLU(),
    torch.nn.Conv2d(8, 16, 5, stride=2), torch.nn.ReLU(),
    torch.nn.AdaptiveAvgPool2d(4), torch.nn.Flatten(), torch.nn.Linear(16 * 16, 10),
).eval()
model(torch.randn(batch_size, num_channels, height, width))
