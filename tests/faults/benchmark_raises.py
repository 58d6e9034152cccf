# labels: name::benchmark_raises author::faults task::fault
"""The script runs fine, but the model raises when benchit calls it again to measure it."""

import torch


class Once(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.linear = torch.nn.Linear(4, 2)
        self.calls = 0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.calls += 1
        if self.calls > 1:
            raise RuntimeError("fault injected: this model works only once")
        return self.linear(x)


Once()(torch.randn(1, 4))
