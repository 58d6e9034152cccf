# labels: name::ok_model author::faults task::control
"""The control: a tiny model that is captured and benchmarked without trouble."""

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
