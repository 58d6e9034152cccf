# labels: name::abort author::faults task::fault
"""Calls a model, then os.abort(): SIGABRT."""

import os

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
os.abort()
