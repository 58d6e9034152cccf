"""Progress of a scan (``--progress``): a live display in a real pseudo-terminal, plain lines in a log
or with ``plain``, only the summary with ``none``; Ctrl-C leaves the terminal in order."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import FAST, REPO, run_benchit, write_script

from benchit.cli.progress import Printer, pick
from benchit.records import Result, ResultStatus, Stats

HIDE, SHOW = b"\x1b[?25l", b"\x1b[?25h"  # the cursor, hidden while the area is drawn
QUICK = "import torch\ntorch.nn.Linear(3, 2)(torch.randn(1, 3))\n"
# A class name with markup and a terminal escape (set the clipboard): shown as text, never obeyed.
HOSTILE = """import torch
Evil = type("Evil[red]\\x1b]52;c;ZXZpbA==\\x07", (torch.nn.Linear,), {})
Evil(4, 2)(torch.randn(1, 4))
"""
FAILS = "raise RuntimeError('no [bold]markup here')\n"
# Hangs after its model call while its flag file exists.
HANGS = """import os, time
from pathlib import Path
import torch
torch.nn.Linear(5, 2)(torch.randn(1, 5))
here = Path(__file__)
if here.with_suffix(".flag").exists():
    here.with_suffix(".pid").write_text(str(os.getpid()))
    time.sleep(600)
"""
ENV = {"TERM": "xterm-256color", "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(REPO)}
ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def _corpus(folder: Path) -> Path:
    write_script(folder, "a_ok.py", QUICK)
    write_script(folder, "[bold]b.py", HOSTILE)
    write_script(folder, "c_fails.py", FAILS)
    return folder


def _args(corpus: Path, cache: Path, *more: str) -> list[str]:
    return ["benchmark", "--all", "--search-dir", str(corpus), "--cache-dir", str(cache), *FAST, *more]


def _in_pty(
    args: list[str], cwd: Path, when: Callable[[bytes], bool] | None = None, within: float = 240
) -> tuple[int, bytes, int]:
    """Run ``benchit ARGS`` on a pseudo-terminal of 100x30 that is its controlling terminal; when
    ``when(output so far)`` holds, type Ctrl-C. Returns the exit code, every byte written to the
    terminal, and how many had been written when Ctrl-C was typed."""
    pid, master = pty.fork()
    if pid == 0:  # the child: its stdin, stdout and stderr are the terminal
        try:
            os.chdir(cwd)
            os.execvpe(sys.executable, [sys.executable, "-m", "benchit", *args], {**os.environ, **ENV})
        finally:
            os._exit(127)
    import fcntl
    import struct
    import termios

    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    output, typed_at = b"", -1
    deadline = time.monotonic() + within
    try:
        while time.monotonic() < deadline:
            if when is not None and typed_at < 0 and when(output):
                os.write(master, b"\x03")  # the terminal sends SIGINT to its foreground process group
                typed_at = len(output)
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not chunk:
                    break
                output += chunk
        else:
            os.kill(pid, signal.SIGKILL)
            pytest.fail(f"benchit did not finish in {within} s: {output[-2000:]!r}")
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(master)
    return os.waitstatus_to_exitcode(status), output, typed_at


def _screen(output: bytes) -> str:
    """What a terminal holds after ``output``, scrollback included: plays the controls rich writes
    (carriage return, newline, cursor up, erase line) and drops colours and the cursor's visibility."""
    lines: list[str] = [""]
    row = col = 0
    for token in re.split(rb"(\x1b\[[0-9;?]*[A-Za-z]|\r|\n)", output):
        if token == b"\r":
            col = 0
        elif token == b"\n":
            row += 1
            lines += [""] * (row + 1 - len(lines))
        elif token.startswith(b"\x1b["):
            if token.endswith(b"A"):
                row = max(0, row - int(token[2:-1] or 1))
            elif token == b"\x1b[2K":
                lines[row] = ""
        elif token:
            text = token.decode(errors="replace")
            line = lines[row].ljust(col)
            lines[row] = line[:col] + text + line[col + len(text) :]
            col += len(text)
    return "\n".join(line.rstrip() for line in lines).rstrip("\n") + "\n"


def test_auto_is_live_only_on_a_terminal_that_can_redraw(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm")
    with open(tmp_path / "log", "w") as log:
        assert pick("auto", log) == "plain" and pick("live", log) == "live" and pick("none", log) == "none"
    _, slave = pty.openpty()
    with os.fdopen(slave, "w") as terminal:
        assert pick("auto", terminal) == "live" and pick("plain", terminal) == "plain"
        monkeypatch.setenv("TERM", "dumb")
        assert pick("auto", terminal) == "plain"


def test_a_terminal_shows_a_live_bar_with_lines_above_it(tmp_path: Path) -> None:
    corpus, cache = _corpus(tmp_path / "corpus"), tmp_path / "cache"
    code, output, _ = _in_pty(_args(corpus, cache), tmp_path)
    assert code == 1, output[-3000:]  # one script failed
    # The bar appears during the scan, with its counts, elapsed time, ETA and the script running.
    frames = ANSI.sub(b"", output).decode().replace("\r\n", "\n").replace("\r", "\n")
    drawn = frames[: frames.index("\nsummary (")]
    assert HIDE in output and re.search(r"\n━+ 0/3 scripts, 0 ok, 0 failed, \d+:\d\d:\d\d elapsed\n", drawn)
    assert re.search(r"━+ 1/3 scripts, 1 ok, 0 failed, \d+:\d\d:\d\d elapsed, ETA \d+:\d\d:\d\d\n", drawn)
    assert "\n  running corpus/a_ok.py (0:00:0" in drawn
    # The final screen: today's lines (but the start lines of scripts with nothing to show under
    # them), then the full bar, then the summary; the cursor shown again.
    assert output.rindex(SHOW) > output.rindex(HIDE)
    screen = _screen(output).splitlines()
    assert screen[0].startswith("benchit 0") and not any("running" in line for line in screen)
    assert [n for n, line in enumerate(screen) if "scripts, " in line] == [len(screen) - 5]
    bar, blank, summary, group, failure = screen[-5:]
    assert re.fullmatch(r"━+ 3/3 scripts, 2 ok, 1 failed, \d+:\d\d:\d\d elapsed", bar) and blank == ""
    assert summary.startswith("summary (") and group.endswith(
        "corpus: 3 scripts (2 with models, 1 without): 2 ok, 1 failed; 2 results, 0 failed"
    )
    assert failure == f"    failed: {corpus / 'c_fails.py'}: no [bold]markup here"
    lines = "\n".join(screen[1:-5])
    # Script-controlled text is shown as it is: no markup applied, no escape obeyed. (A busy machine,
    # such as a CI runner, may flag a result CONTENDED: the line says so after its numbers.)
    assert re.fullmatch(
        r"\[1/3\] corpus/\[bold\]b\.py\n"
        r"(?:    waiting: [^\n]+\n)*"  # another benchit measuring on a shared machine
        r"    model Evil\[red\]\\x1b\]52;c;ZXZpbA==\\x07 \(10 params\) bold_b-\w+: input: float32\[1,4\]\n"
        r"(?:    waiting: [^\n]+\n)*"  # the host lock, taken again to measure
        r"        bold_b-\w+ cpu/torch: median [\d.]+ (?:ns|µs|ms|s) (?:×/÷[\d.]+|few rounds|CI n/a), p90 [^\n]+ items/s(?: NOISY)?(?: CONTENDED \([^\n]+\))?\n"
        r"\[1/3\] corpus/\[bold\]b\.py: ok \(1 model, [\d.]+ s\)\n"
        r"\[2/3\] corpus/a_ok\.py\n"
        r"(?:    waiting: [^\n]+\n)*"
        r"    model Linear \(8 params\) a_ok-\w+: input: float32\[1,3\]\n"
        r"(?:    waiting: [^\n]+\n)*"
        r"        a_ok-\w+ cpu/torch: median [\d.]+ (?:ns|µs|ms|s) (?:×/÷[\d.]+|few rounds|CI n/a), p90 [^\n]+ items/s(?: NOISY)?(?: CONTENDED \([^\n]+\))?\n"
        r"\[2/3\] corpus/a_ok\.py: ok \(1 model, [\d.]+ s\)\n"
        r"(?:\[3/3\] corpus/c_fails\.py\n    waiting: [^\n]+\n)?"
        r"\[3/3\] corpus/c_fails\.py: failed \(0 models, [\d.]+ s\)\n"
        r"    RuntimeError: no \[bold\]markup here",
        lines,
    ), lines
    assert b"\x1b]52" not in output and b"\x07" not in output and b"\x1b[1m" not in output


def test_a_log_and_plain_progress_carry_no_escape_sequences(tmp_path: Path) -> None:
    corpus, cache = _corpus(tmp_path / "corpus"), tmp_path / "cache"
    logged = run_benchit(*_args(corpus, cache), cwd=tmp_path)  # stdout is a pipe: auto prints plain lines
    assert logged.returncode == 1, logged.stderr
    code, output, _ = _in_pty(_args(corpus, cache, "--progress", "plain", "--rebuild", "always"), tmp_path)
    assert code == 1
    terminal = output.decode().replace("\r\n", "\n")
    for text in (logged.stdout + logged.stderr, terminal):
        assert "\x1b" not in text and "\r" not in text
        lines = text.splitlines()
        starts = [line for line in lines if re.fullmatch(r"\[\d/3\] corpus/[^:]+", line)]
        assert starts == ["[1/3] corpus/[bold]b.py", "[2/3] corpus/a_ok.py", "[3/3] corpus/c_fails.py"]
        assert lines[0].startswith("benchit ") and "summary (" in text and "scripts" not in lines[1]
        assert "model Evil[red]\\x1b]52;c;ZXZpbA==\\x07 (10 params)" in text


def test_progress_none_prints_only_the_summary_for_benchmark_and_run(tmp_path: Path) -> None:
    corpus, cache = _corpus(tmp_path / "corpus"), tmp_path / "cache"
    done = run_benchit(*_args(corpus, cache, "--progress", "none"))
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "" and lines[1].startswith("summary (") and len(lines) == 4, done.stdout
    assert lines[2] == f"  {corpus}: 3 scripts (2 with models, 1 without): 2 ok, 1 failed; 2 results, 0 failed"
    assert lines[3].startswith("    failed: ") and lines[3].endswith("c_fails.py: no [bold]markup here")

    suite = tmp_path / "s.yaml"
    suite.write_text(f"e:\n  search_dir: {corpus}\n  cache_dir: {cache}\n")
    ran = run_benchit("run", suite, "--progress", "none", *FAST)
    assert ran.returncode == 0, ran.stdout + ran.stderr  # everything was complete in the cache
    assert ran.stdout.splitlines()[:3] == ["== e", "", ran.stdout.splitlines()[2]]
    assert "[1/3]" not in ran.stdout and "[skip]" not in ran.stdout and "benchit 0" not in ran.stdout
    assert "skipped 3 scripts already complete in the cache" in ran.stdout
    plain = run_benchit("run", suite, "--progress", "plain", *FAST)
    assert plain.stdout.count("[skip] ") == 3 and "\x1b" not in plain.stdout


def _train_line(info: dict[str, object]) -> str:
    """The plain progress line of an ok train result whose ``info`` is ``info``."""
    stats = Stats(iterations=10, mean_ms=1.0, median_ms=1.0, median_ci_low_ms=0.9, median_ci_high_ms=1.1,
                  min_ms=0.8, max_ms=1.2, std_ms=0.1, iqr_ms=0.1, p90_ms=1.1, p99_ms=1.2, cv=0.1,
                  warmup_iterations=3, measure_time_s=0.01, noisy=False)  # fmt: skip
    result = Result(device="cpu", runtime="torch", status=ResultStatus.OK, stats=stats, mode="train", info=info)
    stream = io.StringIO()
    Printer(1, stream).result(None, "b", result)
    return stream.getvalue()


def test_the_progress_line_marks_the_input_changes_by_their_codes_not_their_sentences() -> None:
    both = _train_line({"train_adaptations": ["made_targets", "repeated_batch"], "train_inputs": "anything"})
    assert both.rstrip().endswith("(batch of 1 repeated to 2) (targets made by benchit)"), both
    # The sentence alone (a result from before the codes) marks nothing; an unknown or damaged code is left out.
    assert "(" not in _train_line({"train_inputs": "a batch of 1 repeated to 2; targets made by benchit"})
    odd = _train_line({"train_adaptations": ["made_targets", ["x"], "future_change"]})
    assert odd.rstrip().endswith("items/s (targets made by benchit)"), odd
    assert "(" not in _train_line({"train_adaptations": "repeated_batch"})


def test_bad_progress_mode_is_a_usage_error(tmp_path: Path) -> None:
    done = run_benchit("benchmark", "--all", "--search-dir", tmp_path, "--progress", "fancy")
    assert done.returncode == 2 and "--progress: invalid choice: 'fancy'" in done.stderr


def test_ctrl_c_on_a_terminal_exits_130_and_leaves_it_in_order(tmp_path: Path) -> None:
    corpus, cache = tmp_path / "corpus", tmp_path / "cache"
    write_script(corpus, "a_ok.py", QUICK)
    write_script(corpus, "b_hangs.py", HANGS)
    write_script(corpus, "c_never.py", QUICK)
    (corpus / "b_hangs.flag").write_text("hang")
    pid_file = corpus / "b_hangs.pid"

    def hanging(output: bytes) -> bool:
        return pid_file.exists() and b"running corpus/b_hangs.py" in output

    code, output, typed_at = _in_pty(_args(corpus, cache, "--timeout", "120"), tmp_path, hanging)
    assert typed_at > 0, "the scan never reached the hanging script"
    assert code == 130, output[-3000:]
    after = _screen(output[typed_at:])
    assert "benchit: interrupted; 2 scripts finished" in after and "Traceback" not in after
    assert "[2/3] corpus/b_hangs.py: interrupted" in after
    # The cursor is shown again, and the area was erased (a line up, a line cleared) after its last drawing.
    assert output.rindex(SHOW) > output.rindex(HIDE)
    tail = output[output.rindex(SHOW) :]
    assert b"\x1b[1A\x1b[2K" in tail and b"scripts, " not in tail


def _tmux(tmp_path: Path, args: list[str], interrupt_when: Callable[[], bool] | None = None) -> tuple[str, int]:
    """Run ``benchit ARGS`` in a tmux pane of 100x30; type Ctrl-C when ``interrupt_when()`` holds;
    return the pane's screen once benchit has exited, and its exit code."""
    socket = f"benchit-test-{uuid.uuid4().hex[:8]}"
    done = tmp_path / "exit-code"
    command = shlex.join(["env", *(f"{k}={v}" for k, v in ENV.items()), sys.executable, "-m", "benchit", *args])
    wrapper = tmp_path / "run.sh"
    # The pane's shell shares benchit's process group, so Ctrl-C reaches it too: a trap (not an
    # ignore, which benchit would inherit) keeps it alive to write the exit code.
    wrapper.write_text(
        f"cd {shlex.quote(str(tmp_path))}\ntrap true INT\n{command}\necho $? > {shlex.quote(str(done))}\nsleep 600\n"
    )
    tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
    subprocess.run([*tmux, "new-session", "-d", "-x", "100", "-y", "30", "sh", str(wrapper)], check=True)
    try:
        deadline = time.monotonic() + 240
        interrupted = interrupt_when is None
        while not done.exists() or not done.read_text().strip():
            assert time.monotonic() < deadline, "benchit did not finish in the tmux pane"
            if not interrupted and interrupt_when is not None and interrupt_when():
                subprocess.run([*tmux, "send-keys", "-t", "0", "C-c"], check=True)
                interrupted = True
            time.sleep(0.2)
        screen = subprocess.run(
            [*tmux, "capture-pane", "-p", "-J", "-t", "0"], check=True, capture_output=True, text=True
        )
        return screen.stdout, int(done.read_text())
    finally:
        subprocess.run([*tmux, "kill-server"], check=False)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_final_screen_holds_the_summary(tmp_path: Path) -> None:
    corpus, cache = _corpus(tmp_path / "corpus"), tmp_path / "cache"
    screen, code = _tmux(tmp_path, _args(corpus, cache))
    assert code == 1, screen
    lines = [line.rstrip() for line in screen.rstrip().splitlines()]
    assert lines[-3].startswith("summary (") and lines[-2:] == [
        f"  {corpus}: 3 scripts (2 with models, 1 without): 2 ok, 1 failed; 2 results, 0 failed",
        f"    failed: {corpus / 'c_fails.py'}: no [bold]markup here",
    ], screen
    text = "\n".join(lines)
    summary = text.index("summary (")
    assert re.search(r"━+ 3/3 scripts, 2 ok, 1 failed, \d+:\d\d:\d\d elapsed\n\nsummary \(", text), text
    assert "running" not in text and text[summary:].count("\n") == 2, text
    assert "[3/3] corpus/c_fails.py: failed (0 models" in text[:summary]


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_ctrl_c_leaves_no_bar_on_the_screen(tmp_path: Path) -> None:
    corpus, cache = tmp_path / "corpus", tmp_path / "cache"
    write_script(corpus, "a_hangs.py", HANGS)
    write_script(corpus, "b_never.py", QUICK)
    (corpus / "a_hangs.flag").write_text("hang")
    screen, code = _tmux(tmp_path, _args(corpus, cache, "--timeout", "120"), (corpus / "a_hangs.pid").exists)
    assert code == 130, screen
    lines = [line.rstrip() for line in screen.rstrip().splitlines()]
    assert re.fullmatch(r"\[1/2\] corpus/a_hangs\.py: interrupted \(1 model, [\d.]+ s\)", lines[-3]), screen
    assert lines[-2:] == [
        "    interrupted: stopped by the user (Ctrl-C) or a signal before the script finished",
        f"benchit: interrupted; 1 scripts finished and are in {cache}",
    ], screen
    assert not any("scripts, " in line or "running " in line or "━" in line for line in lines), screen
