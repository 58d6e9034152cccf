"""Where a script was when its --timeout stopped it.

The worker registers a fault handler on ``STACK_SIGNAL`` that writes every thread's Python stack
into ``stack.txt`` of its job folder (``register``, in the forked child). Before the executor kills
a job over --timeout it asks for that stack (``stopped``) and names the place in the timeout's
reason: ``did not finish within --timeout 240 s, stopped in torch._inductor.compile_fx:compile_fx``.
The place is the innermost library frame (``failures.frame_in_text``; torch's module-call plumbing
passed over), else the script's own innermost function; triage then groups timeouts by where they
were stopped, not only by how they ended. It is one look at the stack: a script that is stuck is
named where it is stuck, one that is slow but moving by where it happened to be. The stack itself,
in traceback form, joins the error's traceback.
"""

from __future__ import annotations

import faulthandler
import os
import re
import signal
import stat
import time
from pathlib import Path
from typing import IO

from benchit import failures

STACK_SIGNAL = signal.SIGUSR2
STACK_FILE = "stack.txt"
WAIT_S = 1.0  # for the stack to be written, before the job is killed anyway
LIMIT = 1 << 20  # bytes of it read: every thread of a deep stack fits many times over

_kept: list[IO[str]] = []  # the open file the handler writes to, for the child's lifetime
# faulthandler's lines: a thread's header, then its frames, most recent call first.
_THREAD = re.compile(r"^(?=(?:Current thread|Thread) 0x[0-9a-f]+)", re.MULTILINE)  # splits before each
_PLUMBING = os.sep + os.path.join("torch", "nn", "modules", "module.py")
_WORKER = f"{os.sep}benchit{os.sep}execute{os.sep}"  # the worker's own frames, below the script's
_FRAME = re.compile(r'^\s+File "([^"]+)", line (\d+) in (\S+)', re.MULTILINE)


def register(workdir: Path) -> None:
    """In the worker: write the stacks of every thread to ``workdir/stack.txt`` on ``STACK_SIGNAL``."""
    try:
        stream = (workdir / STACK_FILE).open("w")
    except OSError:  # no stack then, and the timeout says only how long
        return
    _kept.append(stream)
    faulthandler.register(STACK_SIGNAL, file=stream, all_threads=True, chain=False)


def stopped(pid: int, workdir: Path, script: str) -> tuple[str, str]:
    """Ask job ``pid`` for its stack; the place it was stopped and the stack as a traceback
    (``("", "")`` when it wrote none within ``WAIT_S``: not started yet, or past its Python code)."""
    path = workdir / STACK_FILE
    try:
        os.kill(pid, STACK_SIGNAL)
    except ProcessLookupError:
        return "", ""
    deadline, text = time.monotonic() + WAIT_S, ""
    while time.monotonic() < deadline:
        time.sleep(0.05)
        now = read_dump(path)
        if now and now == text:  # written, and no longer growing
            break
        text = now
    return place(text, script)


def read_dump(path: Path) -> str:
    """The stack file as the worker left it: a regular file only, never through a link, without
    waiting (the script could have put a FIFO there), at most ``LIMIT`` bytes; ``""`` else."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return ""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return ""
        return os.read(fd, LIMIT).decode(errors="replace")
    except OSError:
        return ""
    finally:
        os.close(fd)


def place(dump: str, script: str) -> tuple[str, str]:
    """From a fault handler's dump: where the thread running the script was (its innermost library
    frame, else the script's innermost function, ``name.py:function (the script)``), and that
    thread's stack as a traceback, most recent call last."""
    blocks = [block for block in _THREAD.split(dump) if block.strip()]
    block = _main_block(blocks, script)
    frames = [(file, int(line), function) for file, line, function in _FRAME.findall(block)][::-1]
    if not frames:
        return "", ""
    trace = "Traceback (most recent call last):\n" + "".join(
        f'  File "{file}", line {line}, in {function}\n' for file, line, function in frames
    )
    # torch's module-call plumbing is where every module call passes: the place is the code it runs.
    where = failures.frame_in([(file, function) for file, _, function in frames if not file.endswith(_PLUMBING)])
    if not where:
        own = [(file, function) for file, _, function in frames if file == script]
        where = f"{Path(script).name}:{own[-1][1]} (the script)" if own else ""
    return where, trace


def _main_block(blocks: list[str], script: str) -> str:
    """The thread that runs the script: the one whose stack holds the script; else, once the script
    has run (measuring its models), the one in benchit's worker, not a library's thread (tqdm's
    monitor, a data loader's); else the thread the signal came to, else the first."""
    for wanted in (f'"{script}"' if script else None, _WORKER, "Current thread"):
        found = next((b for b in blocks if wanted and wanted in b), None)
        if found is not None:
            return found
    return blocks[0] if blocks else ""
