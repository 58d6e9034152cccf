# labels: name::keyboard_interrupt author::faults task::fault
"""A script that raises KeyboardInterrupt itself: a failure of the script, not a Ctrl-C of the scan."""

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
raise KeyboardInterrupt
