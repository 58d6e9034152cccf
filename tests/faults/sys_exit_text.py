# labels: name::sys_exit_text author::faults task::fault
"""sys.exit with a message instead of a number (Python prints it and exits with 1)."""

import sys

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
sys.exit("giving up: fault injected")
