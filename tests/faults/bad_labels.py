# labels: name::bad_labels author::faults this-token-has-no-separator
"""The labels line is malformed; the script itself would run fine, but is never run."""

from pathlib import Path

import torch

Path(__file__).with_suffix(".ran").write_text("bad_labels.py was executed")
torch.nn.Linear(4, 2)(torch.randn(1, 4))
