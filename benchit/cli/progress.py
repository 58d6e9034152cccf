"""Progress lines for a scan, appended to the terminal as scripts and models finish."""

from __future__ import annotations

import os
import sys
from types import TracebackType
from typing import IO, Any

from benchit.keys import CONTENDED_REASON, TRAIN_ADAPTATIONS, Adaptation
from benchit.nested import level_df
from benchit.records import Invocation, Parity, ParityVerdict, Result, ResultStatus, Script, ScriptStatus
from benchit.report.units import digits, duration, interval
from benchit.runrecords import ScriptRecord
from benchit.text import printable


def pick(mode: str, stream: IO[str]) -> str:
    """The display ``mode`` asks for on ``stream``: live, plain or none. A dumb terminal (``TERM=dumb``,
    Emacs' shell) cannot redraw, so auto gives it plain lines."""
    if mode != "auto":
        return mode
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stdout
        tty = False
    return "live" if tty and os.environ.get("TERM", "") != "dumb" else "plain"


def results_failed(record: ScriptRecord) -> str:
    """``2 of 4 results failed``: how many of a script's results failed, as its line and the summary say it."""
    total = max(record.result_count or 0, record.failed_results or 0)  # never "2 of 0"
    return f"{record.failed_results} of {total} result{'s' * (total != 1)} failed"


def ended(record: ScriptRecord) -> str:
    """How a finished script's line names its end: its status, or, for a script that ran but
    some of whose results failed, ``results_failed``: never ``ok`` (``summary.ending``)."""
    if record.status is ScriptStatus.OK and record.failed_results:
        return results_failed(record)
    return str(record.status)


def failed(record: ScriptRecord) -> bool:
    """A script that did not end well, or with a failed result (the summary's rule)."""
    return record.status not in (ScriptStatus.OK, ScriptStatus.NO_MODELS) or bool(record.failed_results)


# How the progress line marks each change benchit made to a model's inputs to train it.
_ADAPTED = {
    Adaptation.REPEATED_BATCH: " (batch of 1 repeated to 2)",
    Adaptation.MADE_TARGETS: " (targets made by benchit)",
}


def _adapted_flags(info: dict[str, Any]) -> str:
    """The marks of the changes a train result lists (``info["train_adaptations"]``); a result
    from before the codes were kept lists none, and an unknown code is left out."""
    codes = info.get(TRAIN_ADAPTATIONS)
    listed = {code for code in codes if isinstance(code, str)} if isinstance(codes, list) else set()
    return "".join(flag for change, flag in _ADAPTED.items() if change.value in listed)


def _parity_flag(parity: Parity) -> str:
    if parity.verdict is ParityVerdict.PASSED:
        return " parity ok"
    reason = printable(parity.reason or f"max abs diff {parity.max_abs_diff}")
    if parity.verdict is ParityVerdict.FAILED:
        return f" PARITY FAIL ({reason})"
    if parity.verdict is ParityVerdict.EAGER_NONDETERMINISTIC:
        return f" parity not judged ({reason})"
    return f" parity inconclusive ({reason})"


class Printer:
    """Writes one line per event; never redraws, so logs and terminals read the same. A context
    manager, as every display is (the live one draws between enter and exit)."""

    def __init__(self, total: int, stream: IO[str] | None = None):
        self.total = total
        self.stream = stream or sys.stdout

    def __enter__(self) -> Printer:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        return None

    def _name(self, path: Any) -> str:
        try:
            return printable(os.path.relpath(path))
        except ValueError:
            return printable(path)

    def _print(self, text: str) -> None:
        # Every field a script controls is made printable where it is formatted; this is the
        # last line of defence for one that was missed.
        print(printable(text, newlines=True), file=self.stream, flush=True)

    def _script(self, job: Any) -> str:
        args = job.record.script_args if job.script.script_args else None
        return self._name(job.script.path) + (f" [{' '.join(args)}]" if args else "")

    def _tag(self, job: Any) -> str:
        """``[3/10]``, and ``[3/10, pass 2 of 2]`` for a later pass of the script."""
        number = getattr(job, "number", 0) or job.index
        later = getattr(job, "pass_index", 0)
        return f"[{number}/{self.total}" + (f", pass {later + 1} of {job.passes}]" if later else "]")

    def script_started(self, job: Any) -> None:
        self._print(f"{self._tag(job)} {self._script(job)}")

    def invocation(self, job: Any, build: str, invocation: Invocation) -> None:
        self._print(
            f"    model {printable(invocation.model_class)} ({invocation.params:,} params) "
            f"{printable(build)}: {printable(invocation.input_shapes)}"
        )

    def result(self, job: Any, build: str, result: Result) -> None:
        where = f"{build} {result.device}/{result.runtime}"
        if result.precision != "fp32":
            where += f"/{result.precision}"
        if result.mode != "eval":
            where += f" {result.mode}"
        where = printable(where)
        stats = result.stats
        if result.status is ResultStatus.OK and stats:
            rounds = len(stats.rounds_ms) or 1
            df = level_df(stats.rounds_ms, stats.round_passes)
            shown = interval(stats.median_ms, stats.median_ci_low_ms, stats.median_ci_high_ms, rounds, df)
            flags = " NOISY" if stats.noisy else ""
            if result.contended:
                flags += f" CONTENDED ({printable(str(result.info.get(CONTENDED_REASON) or 'busy'))})"
            if result.parity is not None:
                flags += _parity_flag(result.parity)
            flags += _adapted_flags(result.info)  # inputs benchit made trainable
            self._print(
                f"        {where}: median {duration(stats.median_ms)} {shown.short if shown else '-'}, "
                f"p90 {duration(stats.p90_ms)}, n={stats.iterations}"
                f"{f' over {stats.passes} passes' if stats.passes > 1 else ''}, "
                f"{digits(result.throughput_per_s or 0.0, 4)} items/s{flags}"
            )
        else:
            reason = (result.error or "").strip().splitlines()
            self._print(f"        {where}: {printable(str(result.status))}: {printable(reason[0]) if reason else ''}")

    def script_finished(self, job: Any) -> None:
        record = job.record
        models = len(record.builds)
        line = (
            f"{self._tag(job)} {self._script(job)}: {ended(record)} "
            f"({models} model{'s' if models != 1 else ''}, {record.duration_s or 0:.1f} s)"
        )
        error = record.error
        if error:
            message = str(error.get("message") or "").splitlines()
            line += f"\n    {printable(error.get('type'))}: {printable(message[0]) if message else ''}"
        self._print(line)

    def lock_wait(self, job: Any) -> None:
        self._print(
            "    waiting: another benchit process on this machine is measuring "
            "(time waiting is not counted against --timeout)"
        )

    def quiet_wait(self, job: Any, evidence: str) -> None:
        self._print(f"    waiting for a quiet machine: {printable(evidence)}")

    def quiet_wait_spent(self, budget_s: float) -> None:
        self._print(
            f"    --quiet-wait {budget_s:g} s spent: from now on, results measured on a busy machine "
            "are kept and flagged contended"
        )

    def salvage(self, job: Any, builds: list[str]) -> None:
        models = f"{len(builds)} model{'s' * (len(builds) != 1)}"
        self._print(f"    died before measuring {models}: running it again to measure each at its first call")

    def script_skipped(self, script: Script, reason: str) -> None:
        args = f" [{' '.join(script.script_args)}]" if script.script_args else ""
        self._print(f"[skip] {self._name(script.path)}{printable(args)}: {printable(reason)}")


class Quiet(Printer):
    """``--progress none``: nothing until the summary."""

    def _print(self, text: str) -> None:
        return None
