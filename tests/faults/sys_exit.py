# labels: name::sys_exit author::faults task::fault
"""Calls a model, then sys.exit with a non-zero code."""

import sys

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
sys.exit(3)
