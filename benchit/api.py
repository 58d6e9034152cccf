"""The contracts a plugin implements or uses, in one place: import them from here (or from ``benchit``).

Nothing built in lives here; the built-in devices and runtimes implement these like any plugin.
"""

from __future__ import annotations

from benchit.backends.devices import Accelerator, Device, EventTimer
from benchit.backends.runtimes import Prepared, Runtime
from benchit.errors import Unavailable
from benchit.hookspecs import hookimpl
from benchit.measure.timing import HostTimer, Step, Timer
from benchit.report.reporter import ReportData, Reporter
from benchit.scan.labels import load_from_cache

__all__ = [
    "Accelerator",
    "Device",
    "EventTimer",
    "HostTimer",
    "Prepared",
    "ReportData",
    "Reporter",
    "Runtime",
    "Step",
    "Timer",
    "Unavailable",
    "hookimpl",
    "load_from_cache",
]
