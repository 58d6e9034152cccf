"""A table of bad command lines: each gives one line that says what is wrong and how to fix it,
exit code 2, no traceback, and no change to the cache; a bug gives a traceback and exit code 3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_benchit, snapshot, write_script

# (arguments, words the one line must contain); S is a good script, C a good cache, F a plain
# file, D a folder that is not a cache, E a folder that does not exist, O a cache of another format.
BAD: list[tuple[list[str], str]] = [
    (["benchmark", "S", "--bogus"], "unrecognized arguments: --bogus (see 'benchit --help')"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["benchmark", "S", "--device", "tpu"], "unknown --device 'tpu'; choose from cpu"),
    (["benchmark", "S", "--runtime", "tensorrt"], "unknown --runtime 'tensorrt'; choose from torch"),
    (["benchmark", "S", "--runtime", "torch,,ort"], "expected comma-separated names like torch,ort"),
    (["benchmark", "--all", "--search-dir", "corpus", "--labels", "author"], "--labels: 'author' is not key::value"),
    (["benchmark", "--all", "--search-dir", "corpus", "--labels", "author::"], "--labels: author:: has no value"),
    (["benchmark", "S", "--labels"], "--labels: expected at least one argument"),
    (["benchmark", "missing.py"], "missing.py: no such file"),
    (["benchmark", "corpus/s.py::zz"], "after '::' give the hex hash of an invocation"),
    (["benchmark", "F"], "is not a Python script (.py) or ONNX model (.onnx)"),
    (["benchmark", "corpus"], "corpus is a directory; use --all --search-dir corpus"),
    (["benchmark"], "give scripts to benchmark, or --all --search-dir DIR"),
    (["benchmark", "--all"], "--all needs --search-dir DIR"),
    (["benchmark", "--all", "--search-dir", "E"], "no such directory"),
    (["benchmark", "S", "--cache-dir", "F"], "is a file; give a directory"),
    (["benchmark", "S", "--cache-dir", "D"], "is not empty and is not a benchit cache"),
    (["benchmark", "S", "--cache-dir", "O"], "has cache format 99, this benchit reads format 1"),
    (["benchmark", "S", "--timeout", "-5"], "--timeout must be greater than 0, got '-5'"),
    (["benchmark", "S", "--timeout", "soon"], "--timeout must be a number, got 'soon'"),
    (["benchmark", "S", "--warmup-time", "nan"], "--warmup-time must be a finite number, got 'nan'"),
    (["benchmark", "S", "--jobs", "0"], "--jobs must be greater than 0"),
    (["benchmark", "S", "--threads", "-1"], "--threads must be greater than 0"),
    (["benchmark", "S", "--max-rounds", "-1"], "--max-rounds must be 0 or more, got '-1'"),
    (["benchmark", "S", "--min-time", "-1"], "--min-time must be 0 or more, got '-1'"),
    (["benchmark", "S", "--memory-limit", "lots"], "--memory-limit takes a size like 4G or 512M"),
    (["benchmark", "S", "--memory-limit=-1G"], "--memory-limit must be a size of at least 1M"),
    (["benchmark", "S", "--memory-limit", "0"], "--memory-limit must be a size of at least 1M"),
    (["benchmark", "S", "--rebuild", "sometimes"], "invalid choice: 'sometimes'"),
    (["benchmark", "S", "--min-time", "5", "--max-time", "1"], "--min-time 5.0 is longer than --max-time 1.0"),
    (["benchmark", "S", "--script-args", "--batch_size 'eight"], "--script-args: No closing quotation"),
    (["benchmark", "S", "--script-args", "--batch_size eight"], "--script-args: argument --batch_size"),
    (["benchmark", "S", "--plugins-dir", "E"], "--plugins-dir E: no such directory"),
    (["report", "--cache-dir", "E"], "--cache-dir E: no such directory"),
    (["report", "--cache-dir", "D"], "is not a benchit cache"),
    (["report", "--cache-dir", "O"], "has cache format 99"),
    (["report", "--cache-dir", "C", "-o", "corpus"], "--output corpus is a directory; give a file name"),
    (["cache"], "give a subcommand: benchit cache list|delete|clean"),
    (["cache", "frobnicate"], "invalid choice: 'frobnicate'"),
    (["cache", "list", "--cache-dir", "D"], "is not a benchit cache"),
    (["cache", "list", "--cache-dir", "F"], "is a file; give the cache directory"),
    (["cache", "clean", "--cache-dir", "E"], "no such directory"),
    (["cache", "delete", "nope", "--cache-dir", "C"], "no build 'nope' in"),
    (["cache", "delete", "../C", "--cache-dir", "C"], "no build '../C' in"),
    (["cache", "delete", "--cache-dir", "C"], "the following arguments are required: BUILD"),
    (["history", "--db", "sqlite://"], "--db sqlite://: give the SQLite file's path (sqlite:///PATH)"),
    (["history", "--db", "://nowhere"], "--db ://nowhere: not a database URL (sqlite:///PATH or postgresql://"),
    (["history", "--db", "E/h.db"], "h.db: no history there yet; benchit publish CACHE --db"),
    (["history", "--db", "D"], "/D: not a file"),
    (["history", "--db", "F"], "/F: not an SQLite database"),
]


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A folder with a script, a real cache of it, a plain file, a foreign folder and a cache of
    an unknown format."""
    root = tmp_path_factory.mktemp("bad_input")
    write_script(root / "corpus", "s.py", "import torch\ntorch.nn.Linear(3, 2)(torch.randn(1, 3))\n")
    done = run_benchit("benchmark", "corpus/s.py", "--cache-dir", "C", "--analyze-only", cwd=root)
    assert done.returncode == 0, done.stdout + done.stderr
    (root / "F").write_text("not a cache, not a script\n")
    (root / "D").mkdir()
    (root / "D" / "holiday.jpg").write_bytes(b"\xff\xd8")
    (root / "O").mkdir()
    (root / "O" / "benchit-cache.json").write_text(json.dumps({"format": 99, "tool": "benchit"}))
    return {"root": root}


def _expand(args: list[str]) -> list[str]:
    """S stands for the good script with the good cache, unless a --cache-dir is given."""
    if "S" not in args:
        return args
    out = ["corpus/s.py" if a == "S" else a for a in args]
    return out if "--cache-dir" in out else [*out, "--cache-dir", "C"]


@pytest.mark.parametrize(("args", "words"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_exit_2_and_changes_nothing(
    place: dict[str, Path], tmp_path: Path, args: list[str], words: str
) -> None:
    root = place["root"]
    before = snapshot(root)
    done = run_benchit(*_expand(args), cwd=root, env={"BENCHIT_CACHE_DIR": str(tmp_path / "default-cache")})
    assert done.returncode == 2, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("benchit: error: ") and words in lines[0], lines[0]
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout == ""
    assert snapshot(root) == before  # the cache, and everything beside it, unchanged
    assert not (tmp_path / "default-cache").exists()


def test_an_internal_error_gives_a_traceback_and_exit_3(tmp_path: Path) -> None:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "broken.py").write_text(
        "from benchit import hookimpl\n\n"
        "@hookimpl\n"
        "def benchit_addoption(parser):\n"
        "    raise RuntimeError('a bug in a hook')\n"
    )
    done = run_benchit("benchmark", "x.py", "--plugins-dir", plugins, "--cache-dir", tmp_path / "c", cwd=tmp_path)
    assert done.returncode == 3
    assert "Traceback (most recent call last)" in done.stderr and "RuntimeError: a bug in a hook" in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("benchit: internal error")
    assert not (tmp_path / "c").exists()
