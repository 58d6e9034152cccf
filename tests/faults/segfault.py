# labels: name::segfault author::faults task::fault
"""Calls a model, then reads address 0: SIGSEGV."""

import ctypes

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
ctypes.string_at(0)
