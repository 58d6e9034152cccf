# labels: name::exception_after author::faults task::fault
"""Calls a model, then raises: the model is kept and still benchmarked."""

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
raise RuntimeError("fault injected after the model")
