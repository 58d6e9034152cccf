"""Issue 22, outputs: Markdown shows hostile text as text (HTML escaped), and labels live in
``label_<key>`` columns, so a label cannot shadow one of benchit's columns."""

from __future__ import annotations

import csv
import os
from pathlib import Path

from helpers import FAST, run_benchit, write_script

from benchit.report.markdown import _escape

# A host lock of these tests' own (it lives in the temporary folder): they never wait for another
# benchit measuring on a shared machine.
PRIVATE = {"TMPDIR": "/tmp/benchit-tests-trust"}
os.makedirs(PRIVATE["TMPDIR"], exist_ok=True)

XSS = "<img src=x onerror=alert(1)>"
HOSTILE = f"""
import torch

Evil = type({XSS!r}, (torch.nn.Linear,), {{}})
Evil(3, 2)(torch.randn(1, 3))
"""


def test_markdown_escapes_html_and_labels_cannot_shadow_columns(tmp_path: Path) -> None:
    labels = "name::<b>bold</b> param_batch_size::999 status::forged"
    write_script(tmp_path / "corpus", "evil.py", HOSTILE, labels=labels)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", tmp_path / "corpus" / "evil.py", "--cache-dir", cache, *FAST,
                       "--script-args", "--batch_size 2", env=PRIVATE)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    md, table = tmp_path / "r.md", tmp_path / "r.csv"
    assert run_benchit("report", "--cache-dir", cache, "-o", md).returncode == 0
    assert run_benchit("report", "--cache-dir", cache, "-o", table).returncode == 0
    text = md.read_text()
    assert "<img" not in text and "<b>" not in text
    assert "&lt;img src=x onerror=alert(1)&gt;" in text
    with open(table, newline="") as file:
        rows = list(csv.DictReader(file))
    (row,) = rows
    assert row["param_batch_size"] == "2" and row["label_param_batch_size"] == "999"
    assert row["status"] == "ok" and row["label_status"] == "forged"
    assert row["model_class"] == XSS and row["label_name"] == "<b>bold</b>"  # CSV keeps the text as it is


def test_a_markdown_cell_is_inert() -> None:
    assert _escape("<script>alert(1)</script> | x & y") == "&lt;script&gt;alert(1)&lt;/script&gt; \\| x &amp; y"
