"""The contracts a plugin implements or uses, and the runtime SDK, in one place: import them from here
(or the contracts from ``benchit``).

Nothing built in lives here; the built-in devices, runtimes and executors implement these like any
plugin, and the built-in runtimes use the same SDK (docs/plugins.md, "The runtime SDK"):
``Runtime.threads``, ``named_inputs``/``match_inputs``, ``fingerprint``/``reuse_or_build``,
``export_onnx``, ``flatten_outputs`` (and ``OUTPUT_TYPES``), ``one_line``.
"""

from __future__ import annotations

from benchit.backends.artifact import Built, fingerprint, reuse_or_build
from benchit.backends.inputs import match_inputs, named_inputs
from benchit.backends.onnxfile import ExportError
from benchit.backends.onnxfile import export_for as export_onnx
from benchit.contracts import (
    Accelerator,
    Corpus,
    Device,
    Executor,
    Generator,
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
from benchit.measure.parity import OUTPUT_TYPES
from benchit.measure.parity import flatten as flatten_outputs
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
from benchit.text import one_line

__all__ = [
    "OUTPUT_TYPES",
    "Accelerator",
    "Artifact",
    "Built",
    "Corpus",
    "Device",
    "Done",
    "Event",
    "EventTimer",
    "Executor",
    "ExportError",
    "HostTimer",
    "InternalError",
    "InvocationFound",
    "JobExited",
    "JobKilled",
    "JobSpec",
    "JobStarted",
    "LogChunk",
    "Machine",
    "Generator",
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
    "export_onnx",
    "fingerprint",
    "flatten_outputs",
    "hookimpl",
    "load_from_cache",
    "match_inputs",
    "named_inputs",
    "one_line",
    "reuse_or_build",
]
