"""The contracts a plugin implements or uses, in one place: import them from here (or from ``benchit``).

Nothing built in lives here; the built-in devices, runtimes and executors implement these like any plugin.
"""

from __future__ import annotations

from benchit.contracts import (
    Accelerator,
    Corpus,
    Device,
    Executor,
    Prepared,
    Report,
    Reporter,
    Runtime,
    Step,
    Timer,
)
from benchit.errors import Unavailable
from benchit.host import EventTimer, HostTimer
from benchit.markers import hookimpl
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
from benchit.options import PluginOptions
from benchit.records import Machine, ScriptStatus
from benchit.report.reporter import ReportData
from benchit.scan.labels import load_from_cache

__all__ = [
    "Accelerator",
    "Artifact",
    "Corpus",
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
    "PluginOptions",
    "Prepared",
    "Report",
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
