"""How a script ended, decided from what its job reported: pure functions, no processes or files."""

from __future__ import annotations

import signal
from dataclasses import dataclass
from typing import Any

from benchit.records import ScriptStatus

# How allocators say that memory ran out, when they raise something other than MemoryError.
_OOM_MESSAGES = ("can't allocate memory", "cannot allocate memory", "out of memory")
_SIGNAL_HINTS = {
    "SIGKILL": " (killed from outside, often the kernel's out-of-memory killer)",
    "SIGSEGV": " (segmentation fault)",
    "SIGABRT": " (aborted)",
    "SIGBUS": " (bus error)",
}


@dataclass(frozen=True)
class Outcome:
    """Everything about a finished job that decides its status."""

    killed: tuple[ScriptStatus, str] | None = None  # the executor's JobKilled (status, reason)
    internal_error: str | None = None
    finished: bool = False  # the worker sent Done
    script_error: dict[str, Any] | None = None
    found_models: bool = False
    exit_code: int | None = None
    oom_killer: bool = False  # the kernel's out-of-memory killer struck while the job ran
    memory_limit_bytes: int | None = None
    memory_limit_default: bool = False  # the limit is the default share of free memory
    log_tail: str = ""
    stack: str = ""  # where a timeout stopped it, as a traceback (execute/stack.py)


# How a script ended: its status and, for a failure, the error (type, message, traceback). The compare
# verdict (judge/verdicts.py) and the parity verdict are other things, with other names.
Ending = tuple[ScriptStatus, "dict[str, Any] | None"]
# Endings after which the worker may have died mid-way (a signal, os._exit), not by its own choice.
HARD_DEATHS = (ScriptStatus.KILLED, ScriptStatus.FAILED, ScriptStatus.OOM)


def decide(outcome: Outcome) -> Ending:
    """The script's status and error (``type``, ``message``, ``traceback``; ``None`` when ok)."""
    if outcome.killed:
        status, reason = outcome.killed
        # The stack last: the innermost library frame of the error is then where it was stopped.
        trace = "\n".join(part for part in (outcome.log_tail, outcome.stack) if part)
        return status, {"type": str(status), "message": reason, "traceback": trace}
    if outcome.internal_error:
        return ScriptStatus.FAILED, {
            "type": "InternalError",
            "message": "benchit failed inside the worker",
            "traceback": outcome.internal_error,
        }
    if outcome.finished:
        if outcome.script_error:
            return script_failure(outcome.script_error, outcome.memory_limit_bytes, outcome.memory_limit_default)
        return (ScriptStatus.OK if outcome.found_models else ScriptStatus.NO_MODELS), None
    return exit_ending(outcome.exit_code, outcome.oom_killer, outcome.log_tail)


def exit_ending(code: int | None, oom_killer: bool, log_tail: str) -> Ending:
    """The status of a worker that ended without finishing: killed by a signal, or exited early."""
    if code == -signal.SIGKILL and oom_killer:
        return ScriptStatus.OOM, {
            "type": "SIGKILL",
            "message": "killed by the kernel's out-of-memory killer: the machine (or its memory cgroup) "
            "ran out of memory; try --memory-limit to stop such scripts sooner",
            "traceback": log_tail,
        }
    if code is not None and code < 0:
        name = signal_name(-code)
        return ScriptStatus.KILLED, {
            "type": name,
            "message": f"the worker was killed by {name}{_SIGNAL_HINTS.get(name, '')}",
            "traceback": log_tail,
        }
    return ScriptStatus.FAILED, {
        "type": "WorkerExit",
        "message": f"the worker exited with code {code} before finishing (os._exit?)",
        "traceback": log_tail,
    }


def script_failure(error: dict[str, Any], memory_limit_bytes: int | None, default_limit: bool = False) -> Ending:
    """``oom`` for a script that ran out of memory (MemoryError, or torch's allocator failing,
    raising under a backstop address-space limit); ``failed`` for anything else."""
    error = dict(error)
    kind, message = str(error.get("type", "")), str(error.get("message") or "")
    if not message.strip():
        error["message"] = message = f"the script raised {kind or 'an exception'} (no message)"
    lowered = message.lower()
    if "MemoryError" in kind or "OutOfMemory" in kind or any(m in lowered for m in _OOM_MESSAGES):
        which = "the default memory limit" if default_limit else "--memory-limit"
        where = f" (under {which} {memory_limit_bytes / 2**20:.0f} MiB)" if memory_limit_bytes else ""
        error["message"] = f"ran out of memory: {kind}: {message}{where}"
        return ScriptStatus.OOM, error
    return ScriptStatus.FAILED, error


def signal_name(number: int) -> str:
    return signal.Signals(number).name if number in signal.Signals._value2member_map_ else str(number)
