"""A seeded fuzz test of the cache reader (issue 22): random mutations of real records (types,
depths, sizes, numbers); ``report``, ``compare`` and ``cache list`` always end with exit 0, 1 or
2 and never a traceback. CI runs one seed, printed; replay one with ``BENCHIT_FUZZ_SEED=N``
(``BENCHIT_FUZZ_SEEDS=N`` runs N seeds from it, ``BENCHIT_FUZZ_MUTANTS`` mutants per seed)."""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers import FAST, run_benchit, write_script

from benchit.cli import main

# A host lock of these tests' own (it lives in the temporary folder): they never wait for another
# benchit measuring on a shared machine.
PRIVATE = {"TMPDIR": "/tmp/benchit-tests-trust"}
os.makedirs(PRIVATE["TMPDIR"], exist_ok=True)

SEED = int(os.environ.get("BENCHIT_FUZZ_SEED", "22"))
SEEDS = range(SEED, SEED + int(os.environ.get("BENCHIT_FUZZ_SEEDS", "1")))
MUTANTS = int(os.environ.get("BENCHIT_FUZZ_MUTANTS", "24"))
MODELS = "import torch\ntorch.nn.Linear(3, 2)(torch.randn(1, 3))\ntorch.nn.Conv1d(2, 2, 1)(torch.randn(1, 2, 4))\n"


def _deep(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


# What a hostile or damaged record holds in place of a value.
def _hostile(rng: random.Random) -> Any:
    return rng.choice(
        [
            None, True, 0, -1, 1.5, -1e308, 10**400, -(10**30), float("nan"), float("inf"), "", "x" * 100_000,
            "../../../etc/passwd", "<img src=x onerror=alert(1)>", "=cmd|calc", [], [1, "a", None], {}, {"id": []},
            _deep(rng.choice([50, 200, 500])), {"a": {"b": {"c": [1.0, 2.0]}}}, ["ok", "failed"], "\x1b[31m",
        ]
    )  # fmt: skip


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place inside ``value`` (keys and indexes), shallow first."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:5]):
            found += _paths(item, (*prefix, index))
    return found


def _mutate_data(data: Any, rng: random.Random) -> Any:
    """``data`` with one to three values replaced, removed or added at random places."""
    for _ in range(rng.randint(1, 3)):
        place = rng.choice(_paths(data))
        if not place:
            data = _hostile(rng)
            continue
        parent = data
        for step in place[:-1]:
            parent = parent[step]
        how = rng.random()
        if how < 0.7:
            parent[place[-1]] = _hostile(rng)
        elif how < 0.85 and isinstance(parent, dict):
            parent.pop(place[-1], None)
        elif isinstance(parent, dict):
            parent[rng.choice(["extra", "format", "status", "builds", "stats"])] = _hostile(rng)
    return data


def _mutate_file(path: Path, rng: random.Random) -> None:
    raw = path.read_bytes()
    how = rng.random()
    if how < 0.1:
        path.write_bytes(raw[: rng.randint(0, len(raw))])  # torn
    elif how < 0.15:
        path.write_bytes(b"\xff\xfe" + raw)  # not UTF-8
    elif how < 0.2:
        path.write_bytes(b"[" * 100_000 + b"]" * 100_000)  # 200 kB deeply nested
    else:
        data = _mutate_data(json.loads(raw), rng)
        path.write_text(json.dumps(data))  # NaN and Infinity as Python writes them


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real cache (two models, two rounds) and its JSON report."""
    root = tmp_path_factory.mktemp("fuzz")
    write_script(root / "corpus", "m.py", MODELS)
    done = run_benchit(
        "benchmark", root / "corpus" / "m.py", "--cache-dir", root / "cache", *FAST, "--rounds", "2", env=PRIVATE
    )
    assert done.returncode == 0, done.stdout + done.stderr
    done = run_benchit("report", "--cache-dir", root / "cache", "--format", "json", "-o", root / "report.json")
    assert done.returncode == 0, done.stdout + done.stderr
    return root


def _run(capsys: pytest.CaptureFixture[str], *argv: Any) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("seed", SEEDS)
def test_mutated_records_never_reach_a_traceback(
    real: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    print(f"fuzz seed {seed} (replay: BENCHIT_FUZZ_SEED={seed})")
    rng = random.Random(seed)
    files = sorted(p for p in (real / "cache").rglob("*.json") if p.name != "benchit-cache.json")
    for index in range(MUTANTS):
        case = tmp_path / f"m{index}"
        shutil.copytree(real, case)
        chosen = rng.sample(files, rng.randint(1, 2))
        for path in chosen:
            _mutate_file(case / path.relative_to(real), rng)
        _mutate_file(case / "report.json", rng)
        what = f"seed {seed} mutant {index}: {[str(p.relative_to(real)) for p in chosen]}"
        for argv in (
            ["report", "--cache-dir", case / "cache", "-o", case / "r.md"],
            ["report", "--cache-dir", case / "cache", "-o", case / "r.csv"],
            ["report", "--cache-dir", case / "cache", "--format", "json", "-o", case / "r.json"],
            ["cache", "list", "--cache-dir", case / "cache"],
            ["compare", real / "report.json", case / "report.json"],
            ["compare", real / "cache", case / "cache"],
        ):
            code, output = _run(capsys, *argv)
            assert code in (0, 1, 2), f"{what}: {argv[0]} exited {code}\n{output[-3000:]}"
            assert "Traceback" not in output and "internal error" not in output, f"{what}: {argv[0]}\n{output[-3000:]}"
        shutil.rmtree(case)
