"""One script's run as the coordinator sees it: its record, its worker's reports, its lock-wait clock."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import IO, Any

from benchit.execute.joblog import JobLog
from benchit.execute.outcome import Ending
from benchit.messages import JobExited, JobSpec
from benchit.records import Machine, Result, Script, ScriptStatus
from benchit.runrecords import BuildRecord, ScriptRecord


@dataclass
class JobState:
    """What the executor and the job's worker reported so far."""

    machine: Machine | None = None  # where it runs (JobStarted)
    builds: list[str] = field(default_factory=list)  # found by this run, in order
    build_records: dict[str, BuildRecord] = field(default_factory=dict)
    measured: set[str] = field(default_factory=set)  # builds with a result from this run
    results: int = 0  # results this job added to its script's (a later pass's join adds none)
    failed_results: int = 0
    # Why its measurements took turns on a device's lanes (``keys.LANES_SERIALISED``), each reason once.
    serialised: list[str] = field(default_factory=list)
    script_error: dict[str, Any] | None = None
    internal_error: str | None = None
    finished: bool = False  # the worker sent Done
    killed: tuple[ScriptStatus, str] | None = None  # decided by the executor or the coordinator
    stack: str = ""  # where a timeout stopped it, as a traceback (JobKilled.stack)
    exited: JobExited | None = None
    first_exited: JobExited | None = None  # the first run's exit, when a salvage run followed it
    violation: str | None = None  # a message it had no right to send (``execute.protocol``)
    # The build and runtime the worker is preparing or measuring now, as the result it fails with
    # if the worker dies there (``messages.Attempt``).
    attempt: tuple[str, Result] | None = None


@dataclass
class LockClock:
    """Time the job's worker waited for the host lock (another scan measuring): not its own work,
    so --timeout does not count it; a wait that lasts is shown once (``told``)."""

    waited_s: float = 0.0
    since: float | None = None
    told: bool = False

    def follow(self, waiting: bool, now: float) -> None:
        """The worker started (``waiting``) or stopped waiting at ``now``."""
        if waiting:
            self.since = now
        elif self.since is not None:
            self.waited_s += now - self.since
            self.since = None

    def drop(self) -> None:
        """Forget the wait under way: it was never a wait (the worker's claim did not hold)."""
        self.since = None

    def total(self, now: float) -> float:
        """Seconds waited so far, the current wait included."""
        return self.waited_s + (now - self.since if self.since is not None else 0.0)


@dataclass
class Job:
    """One script's run: ``record`` is its script record as last written to the cache."""

    index: int
    script: Script
    record: ScriptRecord
    kept: tuple[str, ...] = ()  # builds of an earlier run of the same script
    spec: JobSpec | None = None
    lock: IO[str] | None = None
    log: JobLog | None = None
    started: float = 0.0  # time.monotonic()
    state: JobState = field(default_factory=JobState)
    lock_wait: LockClock = field(default_factory=LockClock)
    ending: Ending | None = None  # how the script died, kept while a salvage run measures its models
    number: int = 0  # the script's number in the progress lines (the same in each of its passes)
    pass_index: int = 0  # which of the scan's passes this is (``execute.passes``), from 0
    passes: int = 1  # how many the scan makes
    earlier: ScriptRecord | None = None  # a later pass: the record its previous pass left
    final: bool = True  # no pass of the script is to come after this one (set as it finishes)

    @property
    def key(self) -> str:
        return self.record.key

    @property
    def digest(self) -> str:
        return self.record.digest
