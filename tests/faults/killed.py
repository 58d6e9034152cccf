# labels: name::killed author::faults task::fault
"""Calls a model, then dies by SIGKILL, as under the kernel's out-of-memory killer."""

import os
import signal

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
os.kill(os.getpid(), signal.SIGKILL)
