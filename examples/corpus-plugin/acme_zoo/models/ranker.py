# labels: name::ranker author::acme task::ranking
"""
The ranking model: an MLP over a user's and an item's features.
Source: ACME (an example of a company's own script).
"""
import torch

from benchit.parser import parse

torch.manual_seed(0)
batch_size = parse(["batch_size"])[0]

model = torch.nn.Sequential(
    torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1)
).eval()
model(torch.randn(batch_size, 64))
