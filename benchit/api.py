"""The contracts a plugin implements or uses, in one place: import them from here (or from ``benchit``).

Nothing built in lives here; the built-in devices, runtimes and executors implement these like any plugin.
"""

from __future__ import annotations

from benchit.backends.devices import Accelerator, Device, EventTimer
from benchit.backends.runtimes import Prepared, Runtime
from benchit.errors import Unavailable
from benchit.execute.executor import Executor
from benchit.hookspecs import hookimpl
from benchit.measure.timing import HostTimer, Step, Timer
from benchit.messages import (
    Artifact,
    Done,
    Event,
    InternalError,
    InvocationFound,
    JobExited,
    JobKilled,
    JobSpec,
    JobStarted,
    LogChunk,
    ResultReady,
    ScriptError,
)
from benchit.records import Machine, ScriptStatus
from benchit.report.reporter import ReportData, Reporter
from benchit.scan.labels import load_from_cache

__all__ = [
    "Accelerator",
    "Artifact",
    "Device",
    "Done",
    "Event",
    "EventTimer",
    "Executor",
    "HostTimer",
    "InternalError",
    "InvocationFound",
    "JobExited",
    "JobKilled",
    "JobSpec",
    "JobStarted",
    "LogChunk",
    "Machine",
    "Prepared",
    "ReportData",
    "Reporter",
    "ResultReady",
    "Runtime",
    "ScriptError",
    "ScriptStatus",
    "Step",
    "Timer",
    "Unavailable",
    "hookimpl",
    "load_from_cache",
]
