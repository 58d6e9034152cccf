# labels: name::two_models author::selftest task::classification test_group::selftest
"""
Two different models in one script, each called twice: benchit finds two builds with call count 2.
Source: written for benchit's self test.
"""
import torch

from benchit.parser import parse

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])
height, width = min(height, 64), min(width, 64)

conv = torch.nn.Sequential(
    torch.nn.Conv2d(num_channels, 16, 3, padding=1), torch.nn.ReLU(), torch.nn.AdaptiveAvgPool2d(1)
).eval()
gru = torch.nn.GRU(input_size=32, hidden_size=32, batch_first=True).eval()

image = torch.randn(batch_size, num_channels, height, width)
sequence = torch.randn(batch_size, 12, 32)
with torch.no_grad():
    for _ in range(2):
        conv(image)
        output, hidden = gru(sequence)
