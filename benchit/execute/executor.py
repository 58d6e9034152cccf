"""The executor contract: where scripts run. The coordinator plans, schedules and writes the cache;
an executor only runs jobs and streams typed events back.

The coordinator (``benchit.execute.scheduler``) calls, in this order:

1. ``cls.check(config)`` before anything is written: raise ``UsageError`` with one line when the
   executor cannot be used (a package missing, an address unreachable, a bad option).
2. ``executor = cls()`` then ``executor.open(config, preload)``: start what is needed (a warm
   worker, a cluster connection). ``preload`` names modules worth importing once before scripts
   run. Options added by plugins through ``benchit_addoption`` are in ``config.options``.
3. ``executor.machine()``: the machine jobs will run on when it is known before they start (the
   local one), else ``None``. Resume counts only results measured on it (all, when ``None``).
4. ``executor.capacity``: how many jobs may run at once; the coordinator never has more submitted
   and unfinished.
5. ``executor.submit(spec)`` for each job (a ``JobSpec``), and ``executor.events(timeout)``
   in a loop: it waits at most ``timeout`` seconds for something to happen and returns the
   ``Event``\\ s that arrived (possibly none). For each job, the events are the worker's messages
   (``InvocationFound``, ``ResultReady``, ``Artifact``, ``ScriptError``, ``InternalError``,
   ``Done``) in the order sent, ``LogChunk``\\ s of its output, ``JobStarted`` once its process
   runs, ``JobKilled`` if the executor ended it, and last, exactly once, ``JobExited``. After
   ``JobExited`` the executor forgets the job (it has released its process, pipes and folders).
6. ``executor.cancel(job_id, status, reason)`` to stop a job now (Ctrl-C); the next ``events``
   call returns what is left of it, ``JobKilled(status, reason)`` and ``JobExited`` without
   waiting for the process to be reaped.
7. ``executor.close()`` always, also after an exception: stop everything still running.

The executor owns process-level concerns, because only it can see the processes: it enforces
``config.timeout_s`` (from the job's start, less the time its worker reported waiting for the
host lock with ``LockWait``) and ``config.memory_limit_bytes`` and kills the job's
whole process tree (sending ``JobKilled`` with ``timeout`` or ``oom``), and it reports whether
the kernel's out-of-memory killer struck (``JobExited.oom_killer``). It honours
``config.threads`` and ``config.jobs`` as the local executor does. The coordinator turns the
events into a status (``benchit.execute.verdict``) and is the only writer of the cache: a
worker never writes into it by path, so artifacts come back as ``Artifact`` messages.
"""

from __future__ import annotations

import abc
from typing import ClassVar

from benchit.config import Config
from benchit.messages import Event, JobSpec
from benchit.records import Machine, ScriptStatus


class Executor(abc.ABC):
    """Runs jobs somewhere and streams their events back; subclass it and return the class from
    the ``benchit_executors`` hook."""

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    config: Config | None = None  # set by ``open``

    @classmethod
    def check(cls, config: Config) -> None:
        """Raise ``UsageError`` (one line) when this executor cannot run ``config`` here."""
        return None  # most executors can always run

    @abc.abstractmethod
    def open(self, config: Config, preload: list[str]) -> None:
        """Get ready to run jobs of this configuration (and keep it as ``self.config``)."""

    def machine(self) -> Machine | None:
        """The machine every job will run on, when known before they start."""
        return None

    @property
    def capacity(self) -> int:
        """How many jobs may run at once (``-j`` by default)."""
        return self.config.jobs if self.config else 1

    @abc.abstractmethod
    def submit(self, spec: JobSpec) -> None:
        """Start ``spec`` (or queue it); its events come from ``events``."""

    @abc.abstractmethod
    def events(self, timeout: float) -> list[Event]:
        """What happened since the last call, waiting at most ``timeout`` seconds for something."""

    @abc.abstractmethod
    def cancel(self, job_id: int, status: ScriptStatus, reason: str) -> None:
        """Stop the job now; its remaining events, with ``JobKilled`` and ``JobExited``, follow."""

    @abc.abstractmethod
    def close(self) -> None:
        """Stop every job still running and release everything."""
