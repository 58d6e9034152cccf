# labels: name::stdout_none author::faults task::fault
"""Calls a model, then sets sys.stdout and sys.stderr to None (as pythonw does) and leaves a
non-daemon thread: the worker must still measure the model and end."""

import sys
import threading
import time

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
threading.Thread(target=time.sleep, args=(600,)).start()
sys.stdout = None
sys.stderr = None
