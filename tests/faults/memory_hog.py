# labels: name::memory_hog author::faults task::fault
"""Calls a model, then fills memory fast, 64 MiB at a time; gives up at 3 GiB so a broken limit
fails the test instead of the machine."""

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
hoard = []
for _ in range(48):
    hoard.append(torch.ones(16 << 20))  # 64 MiB, touched
print("memory_hog: the limit did not stop me")
