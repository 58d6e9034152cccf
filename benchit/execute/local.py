"""The ``local`` executor: scripts run in a warm fork server on this machine (``Runner``)."""

from __future__ import annotations

from benchit.execute.runner import Runner
from benchit.hookspecs import hookimpl


@hookimpl
def benchit_executors() -> list[type]:
    return [Runner]
