# labels: name::leaves_child author::faults task::fault
"""Starts a process that outlives the script, once in the script's session and once in its own;
benchit must not leave either running."""

import subprocess
import sys
from pathlib import Path

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
sleeper = [sys.executable, "-c", "import time; time.sleep(600)"]
pids = [subprocess.Popen(sleeper).pid, subprocess.Popen(sleeper, start_new_session=True).pid]
Path(__file__).with_suffix(".pids").write_text(" ".join(map(str, pids)))
