# labels: name::memory_creep author::faults task::fault
"""Calls a model, then grows by 32 MiB every 50 ms: slow enough for benchit's memory polling to
stop it before any single allocation fails. Gives up at 3 GiB."""

import time

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
hoard = []
for _ in range(96):
    hoard.append(torch.ones(8 << 20))  # 32 MiB, touched
    time.sleep(0.05)
print("memory_creep: the limit did not stop me")
