"""Shared test helpers: run the real ``benchit`` command (in this process or a fresh one) and read what it wrote."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import machine
import pandas as pd

from benchit.config import TimingSettings

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
DATA = TESTS / "data"  # caches written by older benchit versions
FAULTS = TESTS / "faults"  # the fault corpus
GOLDEN = TESTS / "golden"  # expected outputs, compared byte for byte
# Fast timing for tests: the numbers are not the point, the pipeline is.
FAST_TIMING = ["--min-time", "0", "--max-time", "0.3", "--min-iterations", "8", "--warmup-time", "0.2", "--quiet-wait", "0"]  # fmt: skip
# ... measured on one thread, and not judged for contention. The suite runs in two pytest workers
# (pytest-xdist), each a machine of its own to benchit's host lock (conftest.py): the other worker's
# scripts and measurements run beside this one. One thread leaves that worker a CPU; a threshold of 1
# keeps its load from setting blocks aside and measuring them again. A test about thread counts
# gives its own --threads after these, or uses FAST_TIMING.
FAST = [*FAST_TIMING, "--threads", "1", "--contention-threshold", "1"]
# Given after FAST by a scan that is about contention, or must see a quiet machine (``scan_quietly``,
# run ``machine.alone()``): benchit's default threshold, so that a busy machine is told.
JUDGED = ["--contention-threshold", str(TimingSettings().contention_threshold)]

COMPILER_CACHE_VARS = ("TORCHINDUCTOR_CACHE_DIR", "TRITON_CACHE_DIR")
# The handlers benchit.cli.main installs (and a forked history reader's), put back after each in-process run.
SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
LOCAL_PLUGIN_PREFIX = "benchit_local_plugin_"  # benchit.plugins' module names for --plugins-dir files


def _words(args: tuple[Any, ...]) -> list[str]:
    words = [str(a) for a in args]
    if words[:1] in (["benchmark"], ["run"]) and "--quiet-wait" not in words:
        # A test never waits for a quiet machine unless it asks: a busy CI runner would make each scan
        # wait out the whole budget. Contention is still detected and flagged.
        words += ["--quiet-wait", "0"]
    if words[:1] in (["benchmark"], ["run"]) and "--passes" not in words:
        # One pass unless a test asks for more (tests/execute/test_passes.py, and those that check
        # resume, -j and Ray with passes): a second pass re-runs every script, which most tests,
        # about something else, would pay for in time and nothing more.
        words += ["--passes", "1"]
    return words


def _environment(env: dict[str, str] | None) -> dict[str, str]:
    # A test that compiles in its own process leaves Inductor's default cache folder in
    # os.environ (torch sets it on first use); benchit must not take that for the user's choice.
    # pytest's PYTEST_CURRENT_TEST names the test: no command reads it, and a warm worker kept for
    # the next scan (execute/warm.py) serves only the same environment.
    # The terminal's width is fixed (what benchit assumes off a terminal), so that a test reads the
    # same table and legend in a narrow terminal, a pytest-xdist worker or CI.
    inherited = {
        key: value for key, value in os.environ.items() if key not in (*COMPILER_CACHE_VARS, "PYTEST_CURRENT_TEST")
    }
    return {**inherited, "HF_HUB_OFFLINE": "1", "COLUMNS": "120", "LINES": "24", **(env or {})}


def run_benchit(
    *args: Any, cwd: Path | str | None = None, env: dict[str, str] | None = None, keep_warm: bool = True
) -> subprocess.CompletedProcess[str]:
    """``benchit ARGS`` through ``benchit.cli.main`` in this process (as pytest's
    ``runpytest_inprocess``): the finished command's returncode, stdout and stderr, as
    ``run_benchit_subprocess`` gives them. Workers are still processes of their own; use
    ``run_benchit_subprocess`` where the command's own process is the point (signals, crashes,
    limits, what a fresh interpreter imports)."""
    from benchit.cli import main
    from benchit.execute import warm

    # One process, many scans: a scan's warm worker serves the next like it (execute/warm.py);
    # ``keep_warm=False`` for a test of what a one-scan command leaves behind.
    warm.keep(keep_warm)
    words = _words(args)
    out, err = io.StringIO(), io.StringIO()
    with _isolated(_environment(env), cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code: Any = main(words)
        except SystemExit as exc:  # argparse's --help and --version
            code = exc.code
            if isinstance(code, str):
                print(code, file=sys.stderr)
                code = 1
        sys.stdout.flush()
        sys.stderr.flush()
    return subprocess.CompletedProcess(["benchit", *words], int(code or 0), out.getvalue(), err.getvalue())


@contextlib.contextmanager
def _isolated(env: dict[str, str], cwd: Path | str | None) -> Iterator[None]:
    """Run the body with ``env`` as os.environ and in ``cwd``, then put back what a command changes
    for the whole process: the environment, the folder, signal handlers, warnings filters, the
    umask, the modules of local plugins and the cached temporary folder."""
    import tempfile

    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    handlers = {sig: signal.getsignal(sig) for sig in SIGNALS}
    modules = set(sys.modules)
    umask = os.umask(0o022)
    os.umask(umask)
    tempdir = tempfile.tempdir
    os.environ.clear()
    os.environ.update(env)
    tempfile.tempdir = None  # gettempdir() reads this run's TMPDIR, as a new process would
    try:
        if cwd is not None:
            os.chdir(cwd)
        with warnings.catch_warnings():
            yield
    finally:
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
        os.umask(umask)
        tempfile.tempdir = tempdir
        for name in set(sys.modules) - modules:
            if name.startswith(LOCAL_PLUGIN_PREFIX):
                del sys.modules[name]


def run_benchit_subprocess(
    *args: Any,
    cwd: Path | str | None = None,
    timeout: float = 300,
    env: dict[str, str] | None = None,
    preexec_fn: Callable[[], Any] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m benchit ARGS`` in a fresh interpreter and return the finished process, for
    the tests whose point is that process: its signals, crashes, limits, imports and exit.
    ``preexec_fn`` runs in the child before benchit starts (to put it in a cgroup, say)."""
    return subprocess.run(
        [sys.executable, "-m", "benchit", *_words(args)],
        cwd=cwd,
        env=_environment(env),
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=preexec_fn,
    )


def report_df(cache_dir: Path | str, output: Path | str | None = None) -> pd.DataFrame:
    """Run ``benchit report`` on ``cache_dir`` and return the CSV as a DataFrame."""
    output = Path(output) if output else Path(cache_dir).parent / f"{Path(cache_dir).name}-report.csv"
    done = run_benchit("report", "--cache-dir", cache_dir, "--output", output)
    assert done.returncode == 0, done.stderr
    return pd.read_csv(output)


def write_script(folder: Path, name: str, body: str, labels: str = "name::test author::tests task::test") -> Path:
    """Write a script with a labels line into ``folder`` and return its path."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# labels: {labels}\n" + body)
    return path


def local_plugin(folder: Path, name: str, body: str) -> Path:
    """Write the plugin ``name`` (its source ``body``) into the --plugins-dir ``folder``; return the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.py").write_text(body)
    return folder


def snapshot(root: Path | str) -> dict[str, bytes]:
    """Every file and link below ``root`` with its contents (a link's target), to prove that a
    command changed nothing."""
    found: dict[str, bytes] = {}
    for path in sorted(Path(root).rglob("*")):
        name = str(path.relative_to(root))
        if path.is_symlink():
            found[name] = b"-> " + os.readlink(path).encode()
        elif path.is_file():
            found[name] = path.read_bytes()
        else:
            found[name] = b"<dir>"
    return found


def result_file(build: Path, pair: str) -> Path:
    """Where this machine's result ``pair`` (``cpu-torch``) of ``build`` lies: one folder per machine."""
    from benchit.measure.environment import machine_identity

    return build / "results" / machine_identity().id / f"{pair}.json"


def contended_results(cache: Path) -> int:
    """How many results of ``cache`` a busy machine flagged ``contended``."""
    return sum(bool(json.loads(p.read_text()).get("contended")) for p in Path(cache).glob("builds/*/results/*/*.json"))


def scan_quietly(cache: Path, *args: Any, attempts: int = 3) -> subprocess.CompletedProcess[str]:
    """``benchit benchmark *args --cache-dir cache``, scanned again into a fresh cache while the
    machine flagged a result ``contended`` (a shared test machine's load), up to ``attempts``; then the
    flags (and their reasons) are cleared, for a test about what a quiet machine would give."""
    with machine.alone():  # no other test's work beside these scans (tests/machine.py)
        for _ in range(attempts):
            shutil.rmtree(cache, ignore_errors=True)
            done = run_benchit("benchmark", *args, "--cache-dir", cache, *JUDGED)
            if done.returncode != 0 or not contended_results(cache):
                return done

    def clear(result: Any, _: Path) -> Any:
        info = {k: v for k, v in result.info.items() if k != "contended_reason"}
        return dataclasses.replace(result, contended=False, info=info)

    rewrite_results(cache, clear)
    return done


def rewrite_results(cache: Path, change: Callable[[Any, Path], Any]) -> int:
    """Rewrite every result file of ``cache`` as ``change(result, path)`` returns it (a
    ``benchit.records.Result``; the same one to leave it): controlled numbers for report tests.
    Returns how many files were rewritten."""
    from benchit.records import Result

    count = 0
    for path in sorted(Path(cache).glob("builds/*/results/*/*.json")):
        data = json.loads(path.read_text())
        result = Result.from_dict(data)
        changed = change(result, path)
        if changed is not result:
            path.write_text(json.dumps({"format": data.get("format"), **changed.to_dict()}))
            count += 1
    return count


def with_rounds(result: Any, rounds_ms: Any = None) -> Any:
    """``result`` with round medians: ``rounds_ms``, or (a result written before rounds) five
    rounds spread ±2% around its own median; a failed result as it is."""
    if result.stats is None or (rounds_ms is None and result.stats.rounds_ms):
        return result
    median = result.stats.median_ms
    rounds = tuple(rounds_ms) if rounds_ms is not None else tuple(median * f for f in (0.98, 1.01, 1.0, 0.99, 1.02))
    stats = dataclasses.replace(result.stats, rounds_ms=rounds, round_iterations=(10,) * len(rounds))
    return dataclasses.replace(result, stats=stats)


def fake_floor(fraction: float, threads: int, machine_id: str | None = None, torch: str | None = None) -> Any:
    """A ``benchit.floor.Floor`` of ``fraction`` for this machine (or ``machine_id``) at ``threads``
    with the torch installed here (or ``torch``), as ``benchit calibrate`` would keep it."""
    from benchit.floor import Canary, Floor
    from benchit.measure.environment import host

    this = host()
    canary = Canary("gemm", (1.0, 1.0), 0.0, fraction)
    return Floor(
        machine_id=machine_id or this.machine.id,
        hostname=this.machine.hostname,
        threads=threads,
        torch=this.versions.get("torch", "") if torch is None else torch,
        floor=fraction,
        canaries=(canary,),
        processes=8,
        measured_at="2026-11-27T10:00:00+00:00",
        duration_s=180.0,
    )


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def all_gone(pids: list[int], within: float = 10.0) -> bool:
    """Whether every process of ``pids`` is gone (or a zombie) within ``within`` seconds."""
    deadline = time.monotonic() + within
    while any(map(alive, pids)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not any(map(alive, pids))
