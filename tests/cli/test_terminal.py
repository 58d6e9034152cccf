"""Script-controlled text (class names, exception messages, build names) reaches the terminal
with its control characters made visible; the CSV keeps the original text."""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
from helpers import FAST, run_benchit, write_script

from benchit.text import printable

ENV = {"TMPDIR": "/tmp/benchit-tests-terminal"}
os.makedirs(ENV["TMPDIR"], exist_ok=True)
HOSTILE = "\x1b]52;c;ZXZpbA==\x07\x1b[2J"
SCRIPT = f"""
import torch
Evil = type({HOSTILE!r}, (torch.nn.Linear,), {{}})
Evil(3, 2)(torch.randn(1, 3))
raise RuntimeError({HOSTILE!r} + "\\x08 gone")
"""


def test_printable_shows_controls_as_escapes() -> None:
    assert printable(HOSTILE) == "\\x1b]52;c;ZXZpbA==\\x07\\x1b[2J"
    assert printable("a\nb\r\tc\x9b\u202e") == "a\\x0ab\\x0d\\x09c\\x9b\\u202e"
    assert printable("line one\nline two\x1b", newlines=True) == "line one\nline two\\x1b"
    assert printable("plain ünïcode text") == "plain ünïcode text"


def test_escape_sequences_in_a_class_name_and_an_error_never_reach_the_terminal(tmp_path: Path) -> None:
    write_script(tmp_path / "corpus", "evil.py", SCRIPT)
    cache = tmp_path / "cache"
    scan = run_benchit("benchmark", tmp_path / "corpus" / "evil.py", "--cache-dir", cache, *FAST, env=ENV)
    assert scan.returncode == 1, scan.stderr
    report = run_benchit("report", "--cache-dir", cache, "-o", tmp_path / "r.csv")
    listing = run_benchit("cache", "list", "--cache-dir", cache)
    for done in (scan, report, listing):
        assert "\x1b" not in done.stdout + done.stderr and "\x07" not in done.stdout + done.stderr
        assert "\r" not in done.stdout + done.stderr and "\x08" not in done.stdout + done.stderr
    assert "model \\x1b]52;c;ZXZpbA==\\x07\\x1b[2J (8 params)" in scan.stdout
    assert "RuntimeError: \\x1b]52;c;ZXZpbA==\\x07\\x1b[2J\\x08 gone" in scan.stdout  # progress line
    assert "failed: " in scan.stdout and "\\x1b[2J\\x08 gone" in scan.stdout.split("summary")[1]
    assert "Linear" not in listing.stdout and "\\x1b]52;c;ZXZpbA==\\x07\\x1b[2J" in listing.stdout
    row = pd.read_csv(tmp_path / "r.csv").iloc[0]
    assert row["model_class"] == HOSTILE  # the CSV keeps the original text
    assert row["script_error"] == f"RuntimeError: {HOSTILE}\x08 gone"
