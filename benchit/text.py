"""Text shared by every stage: terminal-safe strings and memory sizes written like 4G."""

from __future__ import annotations

import math
import re

MIN_MEMORY_LIMIT = 2**20
# C0 and C1 controls (ESC, BEL, CR, backspace, CSI...), DEL, and the bidirectional overrides
# that make a terminal show text in another order than it is.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def printable(text: object, newlines: bool = False) -> str:
    """``text`` safe for a terminal: each control character shown as its escape (ESC as ``\\x1b``),
    so script-controlled text cannot move the cursor, set the clipboard or clear the screen.
    Newlines are kept only when ``newlines`` (the caller prints several lines on purpose)."""

    def visible(match: re.Match[str]) -> str:
        char = match.group()
        if newlines and char == "\n":
            return char
        code = ord(char)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    return _CONTROL.sub(visible, str(text))


def parse_memory_size(text: str) -> int:
    """Bytes of a memory limit written like ``4G``, ``512M``, ``1.5GiB`` or ``1048576``; ``ValueError``
    whose message completes "--memory-limit ..." (not a size, or less than 1M)."""
    cleaned = text.strip().upper().removesuffix("IB").removesuffix("B")
    unit = cleaned[-1:] if cleaned[-1:] in _UNITS and cleaned[-1:] else ""
    try:
        value = float(cleaned[: len(cleaned) - len(unit)])
    except ValueError:
        raise ValueError(f"takes a size like 4G or 512M, got {text!r}") from None
    if not math.isfinite(value) or value * _UNITS[unit] < MIN_MEMORY_LIMIT:
        raise ValueError(f"must be a size of at least 1M (a script needs more to start), got {text!r}")
    return int(value * _UNITS[unit])


# Lines of a native library's message that say where, not what: an assertion's source location
# (``Check 'false' failed at src/x.cpp:151:``), and headers that end in a colon.
_WHERE = re.compile(r"(^Check '.*' failed)|(\.(c|cc|cpp|cxx|h|hpp)(:\d+)*:?\s*$)|(:\s*$)")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def one_line(exc: BaseException, prefer: tuple[str, ...] = (), limit: int = 300) -> str:
    """``Type: reason`` in one line, for a report cell: the first line of the message that contains
    one of ``prefer`` (case-insensitive), else the first that is not a source location or a header
    ending in a colon, else the first; then, in brackets, the same of the exception it was raised
    ``from``; without terminal colours and list bullets, cut at ``limit``."""
    lines = [_ANSI.sub("", line).strip().lstrip("-*• ").strip() for line in str(exc).splitlines()]
    lines = [line for line in lines if line]
    wanted = [p.lower() for p in prefer]
    chosen = next((line for line in lines if any(p in line.lower() for p in wanted)), None)
    chosen = chosen or next((line for line in lines if not _WHERE.search(line)), lines[0] if lines else "")
    text = f"{type(exc).__name__}: {chosen}" if chosen else type(exc).__name__
    if exc.__cause__ is not None:  # a wrapper's message is generic; what it wraps says why
        text += f" (from {one_line(exc.__cause__, prefer, limit)})"
    return text if len(text) <= limit else text[: limit - 4] + " ..."
