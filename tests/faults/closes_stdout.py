# labels: name::closes_stdout author::faults task::fault
"""Calls a model, closes stdout and leaves a non-daemon thread running: the worker must still
measure the model and end (its cleanup may not depend on the script's streams or threads)."""

import sys
import threading
import time

import torch

torch.nn.Linear(4, 2)(torch.randn(1, 4))
threading.Thread(target=time.sleep, args=(600,)).start()
sys.stdout.close()
