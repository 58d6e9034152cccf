"""The live progress display on a terminal: a bar with counts, elapsed time and ETA, and the scripts running now."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from types import TracebackType
from typing import IO, Any

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.progress_bar import ProgressBar
from rich.table import Table
from rich.text import Text

from benchit.cli.progress import Printer, failed
from benchit.records import Script
from benchit.text import printable

REFRESH_PER_S = 4  # redraws a second: the elapsed time ticks while every script is busy


def _clock(seconds: float) -> str:
    return str(timedelta(seconds=int(seconds)))


class LiveDisplay(Printer):
    """Today's lines, printed above a live area that rich redraws in place. A script's start line is
    left out (the area shows what is running); it is printed before the first model, result or wait
    of that script, so that the indented lines below it keep their owner when ``-j`` interleaves them.

    Every line is ``printable`` text (``Printer`` formats it) and reaches the terminal as a rich
    ``Text`` on a console with markup, emoji and highlighting off: a script called ``[bold].py``
    prints as it is named."""

    def __init__(self, total: int, stream: IO[str] | None = None):
        super().__init__(total, stream)
        # A terminal, even where rich would not take it for one: the caller chose live (--progress live).
        self.console = Console(
            file=self.stream,
            force_terminal=True,
            markup=False,
            emoji=False,
            highlight=False,
        )
        self._lock = threading.Lock()  # the refresh thread reads what the scan's events change
        self._running: dict[int, tuple[str, float]] = {}  # job index -> (name, when it started)
        self._done = self._failed = self._skipped = self._ran = 0  # scripts (the ran: their last pass)
        # Passes (--passes): script runs done and to come, for the ETA; the first job tells how many.
        self._passes = 1
        self._runs = self._runs_done = 0
        self._headed: int | None = None  # the job whose lines are the last printed
        self._start = time.monotonic()
        # stderr stays where it is (it may be a file); only stdout's prints are moved above the area.
        self._live = Live(
            console=self.console,
            get_renderable=self._render,
            refresh_per_second=REFRESH_PER_S,
            redirect_stderr=False,
        )

    # -- the context: drawing between enter and exit ----------------------------------------
    def __enter__(self) -> LiveDisplay:
        self._start = time.monotonic()
        self._live.start(refresh=True)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        # A scan that ends leaves its final bar above the summary; one stopped (Ctrl-C, a full disk)
        # erases it, leaving the lines printed and the cursor shown, with no half-drawn area.
        self._live.transient = kind is not None
        self._live.stop()

    # -- lines ------------------------------------------------------------------------------
    def _print(self, text: str) -> None:
        self.console.print(Text(printable(text, newlines=True)), soft_wrap=True)

    def _head(self, job: Any) -> None:
        """The script's start line, before its first indented line (again after another script's)."""
        if self._headed != job.index:
            self._headed = job.index
            super().script_started(job)

    # -- events -----------------------------------------------------------------------------
    def _changed(self) -> None:
        """Redraw the area now: a line printed next would be drawn above the area as last rendered."""
        self._live.refresh()

    def script_started(self, job: Any) -> None:
        with self._lock:
            self._running[job.index] = (self._script(job), time.monotonic())
        self._changed()

    def invocation(self, job: Any, build: str, invocation: Any) -> None:
        self._head(job)
        super().invocation(job, build, invocation)

    def result(self, job: Any, build: str, result: Any) -> None:
        self._head(job)
        super().result(job, build, result)

    def lock_wait(self, job: Any) -> None:
        self._head(job)
        super().lock_wait(job)

    def salvage(self, job: Any, builds: list[str]) -> None:
        self._head(job)
        super().salvage(job, builds)

    def script_finished(self, job: Any) -> None:
        with self._lock:
            self._running.pop(job.index, None)
            self._passes = max(self._passes, getattr(job, "passes", 1))
            self._runs += 1
            self._runs_done += 1
            if getattr(job, "final", True):  # its last pass: the script is done
                self._runs_done += getattr(job, "passes", 1) - getattr(job, "pass_index", 0) - 1
                self._done += 1
                self._ran += 1
                self._failed += failed(job.record)
        self._headed = None
        self._changed()
        super().script_finished(job)

    def script_skipped(self, script: Script, reason: str) -> None:
        with self._lock:
            self._done += 1
            self._skipped += 1
            self._runs_done += self._passes
        self._headed = None
        self._changed()
        super().script_skipped(script, reason)

    # -- the live area ------------------------------------------------------------------------
    def _render(self) -> RenderableType:
        now = time.monotonic()
        with self._lock:
            done, ran, bad, skipped = self._done, self._ran, self._failed, self._skipped
            runs, left = self._runs, self.total * self._passes - self._runs_done
            running = sorted(self._running.items())
        elapsed = now - self._start
        # The ETA: the time per script run so far (each pass a run; with -j N, runs side by side), for the rest.
        eta = f", ETA {_clock(elapsed / runs * left)}" if runs and left > 0 and done < self.total else ""
        counts = f"{done}/{self.total} scripts, {ran - bad} ok, {bad} failed"
        counts += f", {skipped} skipped" if skipped else ""
        status = Text(f"{counts}, {_clock(elapsed)} elapsed{eta}", no_wrap=True, overflow="ellipsis")
        top = Table.grid(expand=True, padding=(0, 1))
        top.add_column(ratio=1, min_width=10)
        top.add_column(no_wrap=True)
        top.add_row(ProgressBar(total=max(self.total, 1), completed=done), status)
        lines = [
            Text(f"  running {name} ({_clock(now - since)})", no_wrap=True, overflow="ellipsis")
            for _, (name, since) in running
        ]
        return Group(top, *lines)
