# labels: name::linear author::selftest task::regression test_group::selftest
"""
A single fully connected layer, the smallest model benchit can find.
Source: torch.nn.Linear.
"""
import torch

from benchit.parser import parse

torch.manual_seed(0)
batch_size, in_channels, out_channels = parse(["batch_size", "in_channels", "out_channels"])

model = torch.nn.Linear(in_channels, out_channels).eval()
inputs = {"input": torch.randn(batch_size, in_channels)}

model(**inputs)
