# labels: name::hang author::faults task::fault
"""Calls a model, starts two child processes (one in its own session), then never ends."""

import subprocess
import sys
import time
from pathlib import Path

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
sleeper = [sys.executable, "-c", "import time; time.sleep(600)"]
pids = [subprocess.Popen(sleeper).pid, subprocess.Popen(sleeper, start_new_session=True).pid]
Path(__file__).with_suffix(".pids").write_text(" ".join(map(str, pids)))
while True:
    time.sleep(0.1)
