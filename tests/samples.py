"""Scripts, plugins and expected outcomes that several test files share."""

from __future__ import annotations

# A small CNN with batch norm and dropout.
CNN = """
import torch

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3)
        self.bn = torch.nn.BatchNorm2d(8)
        self.drop = torch.nn.Dropout(0.3)
        self.fc = torch.nn.Linear(8, 4)

    def forward(self, x):
        return self.fc(self.drop(torch.relu(self.bn(self.conv(x)))).mean((2, 3)))

torch.manual_seed(0)
Net().eval()(torch.randn(2, 3, 16, 16))
"""

# A local plugin: a wrong runtime (off-by) and a fake accelerator (fake-accel).
OFF_BY = '''
"""Local test plugin: a wrong runtime and a fake accelerator."""
import time
from types import SimpleNamespace

import benchit
from benchit.api import Accelerator

__version__ = "2.5"


class OffBy(benchit.Runtime):
    name = "off-by"
    devices = ("cpu", "fake-accel")
    description = "eager torch plus a constant: fast, and wrong"

    def prepare(self, model, args, kwargs, device, artifacts):
        offset = self.options["off_by_offset"]
        return benchit.Prepared(step=lambda: model(*args, **kwargs) + offset, info={"offset": offset})


class Backend:
    class Event:
        def __init__(self, enable_timing=False):
            self.at = None

        def record(self):
            self.at = time.perf_counter()

        def elapsed_time(self, end):
            return (end.at - self.at) * 1000.0

    def synchronize(self): pass
    def reset_peak_memory_stats(self): pass
    def max_memory_allocated(self): return 5 << 20
    def max_memory_reserved(self): return 6 << 20
    def current_device(self): return 0
    def device_count(self): return 1
    def get_device_name(self): return "Fake Accelerator"
    def get_device_properties(self, index): return SimpleNamespace(total_memory=1 << 30)


class FakeAccel(Accelerator):
    name = "fake-accel"
    torch_device = "cpu"
    description = "an accelerator whose backend is a fake"

    def backend(self):
        return Backend()


@benchit.hookimpl
def benchit_addoption(parser):
    parser.add_argument("--off-by-offset", type=float, default=1.0)


@benchit.hookimpl
def benchit_runtimes():
    return [OffBy]


@benchit.hookimpl
def benchit_devices():
    return [FakeAccel()]
'''

# The fault corpus (tests/faults/), script: (status, words in the reason, models kept, what their
# results are: "a|b" for either).
FAULT_OUTCOMES: dict[str, tuple[str, str, int, str]] = {
    "ok_model.py": ("ok", "", 1, "ok"),
    "no_models.py": ("no_models", "", 0, ""),
    "exception_before.py": ("failed", "ValueError: fault injected before the model", 0, ""),
    "exception_after.py": ("failed", "RuntimeError: fault injected after the model", 1, "ok"),
    "sys_exit.py": ("failed", "sys.exit(3)", 1, "ok"),
    "sys_exit_text.py": ("failed", "sys.exit('giving up: fault injected')", 1, "ok"),
    "os_exit.py": ("failed", "exited with code 7", 1, "ok"),  # measured by a salvage run
    "abort.py": ("killed", "SIGABRT", 1, "ok"),  # measured by a salvage run
    "segfault.py": ("killed", "SIGSEGV (segmentation fault)", 1, "ok"),  # measured by a salvage run
    "killed.py": ("killed", "SIGKILL (killed from outside, often the kernel's out-of-memory killer)", 1, "ok"),
    "memory_error.py": ("oom", "ran out of memory: MemoryError", 1, "ok"),
    "keyboard_interrupt.py": ("failed", "KeyboardInterrupt", 1, "ok"),
    "benchmark_raises.py": ("ok", "", 1, "failed"),
    "loud.py": ("ok", "", 1, "ok"),
    "syntax_error.py": ("failed", "SyntaxError: invalid syntax", 0, ""),
    "bad_labels.py": ("failed", "malformed labels line: 'this-token-has-no-separator'", 0, ""),
    "leaves_child.py": ("ok", "", 1, "ok"),
    "closes_stdout.py": ("ok", "", 1, "ok"),
    "stdout_none.py": ("ok", "", 1, "ok"),
}

# A local plugin for lanes and energy: a fake accelerator ``lanes-accel`` with LANES_INSTANCES
# instances (default 4), each needing LANES_CORES host cores of its own (default 0), and an energy
# counter (LANES_ENERGY: "steps", LANES_JOULES per step run, default 2 J; "none"; "coarse", updated
# every 5 s; with LANES_JITTER=1 each read is off by up to 3% of a step's energy, so that rounds
# differ); and a runtime ``sleepy`` whose step waits LANES_WAIT_S on the device without using the CPU.
LANES = '''
"""Local test plugin: a fake accelerator of several instances with an energy counter."""
import os
import time
from types import SimpleNamespace

import benchit
from benchit.api import Accelerator

JOULES_PER_STEP = float(os.environ.get("LANES_JOULES", "2.0"))
STEPS = [0]
READS = [0]


class Sleepy(benchit.Runtime):
    name = "sleepy"
    devices = ("lanes-accel",)
    description = "eager torch once; each step then waits on the device"

    def prepare(self, model, args, kwargs, device, artifacts):
        out = model(*args, **kwargs)
        wait = float(os.environ.get("LANES_WAIT_S", "0.002"))

        def step():
            time.sleep(wait)
            STEPS[0] += 1
            return out

        return benchit.Prepared(step=step)


class Backend:
    current = 0

    class Event:
        def __init__(self, enable_timing=False):
            self.at = None

        def record(self):
            self.at = time.perf_counter()

        def elapsed_time(self, end):
            return (end.at - self.at) * 1000.0

    def synchronize(self): pass
    def reset_peak_memory_stats(self): pass
    def max_memory_allocated(self): return 5 << 20
    def max_memory_reserved(self): return 6 << 20
    def current_device(self): return Backend.current
    def set_device(self, index): Backend.current = index
    def device_count(self): return int(os.environ.get("LANES_INSTANCES", "4"))
    def get_device_name(self): return f"Lanes Accelerator {Backend.current}"
    def get_device_properties(self, index): return SimpleNamespace(total_memory=(1 + index) << 30)


class LanesAccel(Accelerator):
    name = "lanes-accel"
    torch_device = "cpu"
    description = "an accelerator of several instances whose backend is a fake"
    lane_cores = int(os.environ.get("LANES_CORES", "0"))
    energy_update_s = 5.0 if os.environ.get("LANES_ENERGY") == "coarse" else 0.0

    def backend(self):
        return Backend()

    def energy_joules(self):
        if os.environ.get("LANES_ENERGY", "steps") == "none":
            return None
        READS[0] += 1
        jitter = 0.01 * JOULES_PER_STEP * (READS[0] % 4) if os.environ.get("LANES_JITTER") == "1" else 0.0
        return 100.0 + JOULES_PER_STEP * STEPS[0] + jitter

    def energy_reason(self):
        return "the fake has no counter today"


@benchit.hookimpl
def benchit_runtimes():
    return [Sleepy]


@benchit.hookimpl
def benchit_devices():
    return [LanesAccel()]
'''
