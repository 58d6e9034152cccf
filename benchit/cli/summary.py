"""The summary a scan ends with: per search folder, its scripts, how they ended, their results, and the failures."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit.cli.progress import failed, results_failed
from benchit.records import ScriptStatus
from benchit.runrecords import ScriptRecord
from benchit.text import printable

if TYPE_CHECKING:
    from benchit.execute.job import Job

# How the summary names a script that ended ``ok`` although some of its results failed: not ``ok``.
FAILED_RESULTS = "with failed results"


def ending(record: ScriptRecord) -> str:
    """How the summary names the way a script ended: its status in words (``no models``), or
    ``with failed results`` for one that ran well but whose measurements failed."""
    if record.status is ScriptStatus.OK and record.failed_results:
        return FAILED_RESULTS
    return _words(record.status)


def _words(status: ScriptStatus | None) -> str:
    return str(status).replace("_", " ")


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' * (count != 1)}"


def group_line(name: str, records: list[ScriptRecord]) -> str:
    """``NAME: 11 scripts (11 with models, 0 without): 3 ok, 8 with failed results; 24 results, 8 failed``."""
    found = sum(1 for r in records if r.builds)
    endings: dict[str, int] = {}
    order = [str(ScriptStatus.OK), FAILED_RESULTS, *(_words(s) for s in ScriptStatus if s is not ScriptStatus.OK)]
    for record in records:
        endings[ending(record)] = endings.get(ending(record), 0) + 1
    counted = ", ".join(f"{endings[e]} {e}" for e in sorted(endings, key=lambda e: (order + [e]).index(e)))
    results = sum(r.result_count or 0 for r in records)
    failed_results = sum(r.failed_results or 0 for r in records)
    return (
        f"{printable(name)}: {_plural(len(records), 'script')} ({found} with models, {len(records) - found} without):"
        f" {counted}; {_plural(results, 'result')}, {failed_results} failed"
    )


def failure_line(path: Path, record: ScriptRecord) -> str:
    """One failed script: how it ended, its path and the first line of why."""
    error = record.error or {}
    reason = error.get("message") or results_failed(record)
    first = (str(reason).splitlines() or [""])[0][:200]
    return f"{ending(record)}: {printable(path)}: {printable(first)}"


def lines(jobs: list[Job], skipped: list[Any], search_dirs: list[Path], elapsed: float) -> list[str]:
    """The summary of a scan of ``jobs`` (``skipped``: scripts complete in the cache already), grouped by search folder."""
    groups: dict[str, list[Job]] = {}
    for job in jobs:
        groups.setdefault(_group(job.script.path, search_dirs), []).append(job)
    out = ["", f"summary ({elapsed:.1f} s):"]
    for name, members in groups.items():
        out.append("  " + group_line(name, [job.record for job in members]))
        out += ["    " + failure_line(job.script.path, job.record) for job in members if failed(job.record)]
    # Said once for the scan, however many results took turns (each records its reason too).
    reasons = dict.fromkeys(reason for job in jobs for reason in job.state.serialised)
    out += [f"  lanes serialised: {printable(reason)}" for reason in reasons]
    if skipped:
        out.append(f"  skipped {len(skipped)} scripts already complete in the cache (use --rebuild always to redo)")
    return out


def _group(path: Path, search_dirs: list[Path]) -> str:
    for directory in search_dirs:
        try:
            path.relative_to(directory.resolve())
            return str(directory)
        except ValueError:
            continue
    return "files given"
