# labels: name::os_exit author::faults task::fault
"""Calls a model, then leaves the process at once with os._exit: no clean-up, no 'done'."""

import os

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
os._exit(7)
