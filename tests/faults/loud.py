# labels: name::loud author::faults task::fault
"""Prints 12 MB to stdout and 12 MB to stderr, then calls a model."""

import sys

import torch

line = "x" * 1023 + "\n"
for _ in range(12 * 1024):
    sys.stdout.write(line)
    sys.stderr.write(line)
print("LOUD-END-MARKER")
torch.nn.Linear(4, 2)(torch.randn(1, 4))
