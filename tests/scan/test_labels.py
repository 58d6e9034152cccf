"""Labels lines, label filters and reading labels back from the cache."""

from __future__ import annotations

import pytest

from benchit.errors import UsageError
from benchit.scan.labels import LabelSyntaxError, matches, parse_filter, parse_labels, read_labels


def test_parse_labels() -> None:
    assert parse_labels(" author::google task::nlp,vision empty:: ") == {
        "author": ["google"],
        "task": ["nlp", "vision"],
        "empty": [],
    }


@pytest.mark.parametrize("text", ["author", "author:google", "a::b::c", "::x"])
def test_malformed_labels(text: str) -> None:
    with pytest.raises(LabelSyntaxError):
        parse_labels(text)


def test_read_labels_only_from_the_first_line(tmp_path) -> None:
    script = tmp_path / "s.py"
    script.write_text("# labels: name::x author::me\n# labels: name::ignored\n")
    assert read_labels(script) == {"name": ["x"], "author": ["me"]}
    (tmp_path / "none.py").write_text("import torch\n")
    assert read_labels(tmp_path / "none.py") == {}


def test_filter_ands_keys_and_ors_values() -> None:
    wanted = parse_filter(["author::google", "task::nlp,vision"])
    assert matches({"author": ["google"], "task": ["vision"]}, wanted)
    assert not matches({"author": ["google"], "task": ["audio"]}, wanted)
    assert not matches({"task": ["nlp"]}, wanted)


@pytest.mark.parametrize("tokens", [["author"], ["author::"], ["a:b"]])
def test_bad_filter_is_a_usage_error(tokens: list[str]) -> None:
    with pytest.raises(UsageError, match="--labels"):
        parse_filter(tokens)
