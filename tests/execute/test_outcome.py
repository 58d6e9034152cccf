"""A script's outcome: what a finished job reported -> the script's status and error."""

from __future__ import annotations

import signal

import pytest

from benchit.execute.outcome import Outcome, decide, exit_ending, script_failure
from benchit.records import ScriptStatus


def test_a_finished_job_with_models_is_ok_and_without_is_no_models() -> None:
    assert decide(Outcome(finished=True, found_models=True, exit_code=0)) == (ScriptStatus.OK, None)
    assert decide(Outcome(finished=True, found_models=False, exit_code=0)) == (ScriptStatus.NO_MODELS, None)


def test_the_executors_kill_wins_and_carries_the_log_tail() -> None:
    outcome = Outcome(
        killed=(ScriptStatus.TIMEOUT, "did not finish within --timeout 2 s"),
        finished=True,
        found_models=True,
        exit_code=-signal.SIGKILL,
        log_tail="last words",
    )
    status, error = decide(outcome)
    assert status == ScriptStatus.TIMEOUT
    assert error == {"type": "timeout", "message": "did not finish within --timeout 2 s", "traceback": "last words"}


def test_an_internal_error_is_failed_with_its_traceback() -> None:
    status, error = decide(Outcome(internal_error="Traceback: boom", finished=False, exit_code=3))
    assert status == ScriptStatus.FAILED
    assert error is not None and error["type"] == "InternalError" and error["traceback"] == "Traceback: boom"


def test_a_script_error_is_failed_and_an_empty_message_is_filled_in() -> None:
    status, error = decide(Outcome(finished=True, script_error={"type": "ValueError", "message": ""}))
    assert status == ScriptStatus.FAILED
    assert error is not None and error["message"] == "the script raised ValueError (no message)"


@pytest.mark.parametrize(
    ("kind", "message"),
    [("MemoryError", ""), ("RuntimeError", "DefaultCPUAllocator: can't allocate memory: you tried 8 GB"),
     ("OutOfMemoryError", "CUDA out of memory")],
)  # fmt: skip
def test_running_out_of_memory_inside_the_script_is_oom(kind: str, message: str) -> None:
    status, error = script_failure({"type": kind, "message": message}, 512 * 2**20)
    assert status == ScriptStatus.OOM
    assert error["message"].startswith(f"ran out of memory: {kind}: ")
    assert error["message"].endswith(" (under --memory-limit 512 MiB)")
    _, error = script_failure({"type": kind, "message": message}, 512 * 2**20, default_limit=True)
    assert error["message"].endswith(" (under the default memory limit 512 MiB)")


@pytest.mark.parametrize(
    ("code", "oom", "status", "words"),
    [
        (-signal.SIGKILL, True, ScriptStatus.OOM, "out-of-memory killer"),
        (-signal.SIGKILL, False, ScriptStatus.KILLED, "killed by SIGKILL (killed from outside"),
        (-signal.SIGSEGV, False, ScriptStatus.KILLED, "killed by SIGSEGV (segmentation fault)"),
        (-signal.SIGABRT, True, ScriptStatus.KILLED, "killed by SIGABRT (aborted)"),
        (7, False, ScriptStatus.FAILED, "exited with code 7 before finishing"),
        (None, False, ScriptStatus.FAILED, "exited with code None"),
    ],
)
def test_a_worker_that_ended_early(code: int | None, oom: bool, status: ScriptStatus, words: str) -> None:
    got, error = exit_ending(code, oom, "tail")
    assert got == status
    assert error is not None and words in error["message"] and error["traceback"] == "tail"
    assert decide(Outcome(exit_code=code, oom_killer=oom, log_tail="tail")) == (got, error)


def test_status_values_are_plain_strings_in_json() -> None:
    import json

    assert json.dumps({"s": ScriptStatus.TIMEOUT.value}) == '{"s": "timeout"}'
    assert ScriptStatus("oom") is ScriptStatus.OOM and ScriptStatus.OK == "ok"
    assert [s for s in ScriptStatus if s.final] == [ScriptStatus.OK, ScriptStatus.NO_MODELS, ScriptStatus.FAILED]
