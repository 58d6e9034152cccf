# labels: name::memory_error author::faults task::fault
"""Calls a model, then asks for a petabyte: MemoryError inside the script."""

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
hoard = bytearray(1 << 50)
