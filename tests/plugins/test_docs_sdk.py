"""Every example of docs/plugins.md's "The runtime SDK" section runs as it is written."""

from __future__ import annotations

import re

import pytest
from helpers import REPO


def examples() -> list[str]:
    text = (REPO / "docs" / "plugins.md").read_text()
    section = text.split("## The runtime SDK", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_there_is_one_example_per_piece() -> None:
    assert len(examples()) == 7  # threads, inputs, artifacts, ONNX file, outputs, context, one-line reasons


@pytest.mark.parametrize("index", range(7))
def test_the_example_runs(index: int) -> None:
    if "export_onnx" in examples()[index]:
        pytest.importorskip("onnxscript")
    exec(compile(examples()[index], f"docs/plugins.md example {index}", "exec"), {})
