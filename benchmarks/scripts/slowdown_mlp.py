# labels: name::slowdown_mlp author::benchit task::test test_group::benchmarks
"""
An MLP whose forward does BENCHIT_SLOWDOWN times the work (default 1): the same 512x512 layer
applied round(20 x BENCHIT_SLOWDOWN) times, so 1.1 is exactly 10% more of the same operations.
Used by benchmarks/power.py.
"""

import os

import torch

from benchit.parser import parse

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])
REPEATS = round(20 * float(os.environ.get("BENCHIT_SLOWDOWN", "1")))


class Repeated(torch.nn.Module):
    def __init__(self, repeats: int) -> None:
        super().__init__()
        self.layer = torch.nn.Linear(512, 512)
        self.repeats = repeats

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for _ in range(self.repeats):
            x = torch.tanh(self.layer(x))
        return x


model = Repeated(REPEATS).eval()
with torch.no_grad():
    model(torch.randn(8 * batch_size, 512))
