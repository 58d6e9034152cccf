"""History end to end through the real command line, on SQLite and on a real PostgreSQL server:
publish, idempotence, migrations, concurrent publishers, bad input, verdicts and the dashboard."""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import machine
import pandas as pd
import pgserver
import pytest
import sqlalchemy as sa
from browser import headless_page, needs_chromium
from helpers import FAST, JUDGED, REPO, run_benchit, write_script

pytest.importorskip("alembic", reason="the history needs sqlalchemy and alembic")

# Models of a few tenths of a millisecond: a model of microseconds (a Linear(256, 256) on 4 rows,
# 17 us) moved by 60% between two scans of an idle machine here, past any sane threshold.
STEADY = "import torch\ntorch.nn.Linear(512, 512).eval()(torch.randn(64, 512))\n"
# The same model (same structure, so the same series) doing REPEAT times the work: the fourth
# scan doubles REPEAT, as a change in the script would.
GROWS = """import torch

class Work(torch.nn.Module):
    def __init__(self, repeat):
        super().__init__()
        self.lin = torch.nn.Linear(128, 128)
        self.repeat = repeat

    def forward(self, x):
        for _ in range(self.repeat):
            x = torch.tanh(self.lin(x))
        return x

REPEAT = {repeat}
Work(REPEAT).eval()(torch.randn(64, 128))
"""
# Wide enough that a busy 2-core test machine does not move the steady model that far; the
# doubled one moves ~100%.
THRESHOLD = ["--threshold", "25"]


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    why = pgserver.missing()
    if why:
        pytest.skip(why)
    with pgserver.server() as base:
        yield base


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty history database on each engine."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'history.db'}"
    return pgserver.new_database(request.getfixturevalue("postgres"))


ATTEMPTS = 4


def _contended(cache: Path) -> int:
    return sum(bool(json.loads(p.read_text()).get("contended")) for p in cache.glob("builds/*/results/*/*.json"))


@pytest.fixture(scope="module")
def scans(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Four scans of two models; in the fourth, grows.py does twice the work. The first scan
    publishes itself with --db (into ``published.db`` beside the caches).

    A result measured on a busy machine is flagged contended and is, rightly, no evidence either
    way (its rounds can be 1,000 times the others'): a scan with one is done again, after waiting
    for a quiet machine, rather than its flags cleared. One thread, so that another process on the
    other core of a small test machine moves the numbers less."""
    root = tmp_path_factory.mktemp("scans")
    corpus = root / "corpus"
    write_script(corpus, "steady.py", STEADY)
    with machine.alone():  # no other test's work beside these scans (tests/machine.py)
        return [_night(root, corpus, n) for n in range(1, 5)]


def _night(root: Path, corpus: Path, n: int) -> Path:
    """The cache of night ``n``: scanned again while it has a contended result, up to ``ATTEMPTS``."""
    write_script(corpus, "grows.py", GROWS.format(repeat=16 if n == 4 else 8))
    cache = root / f"night{n}"
    for _attempt in range(ATTEMPTS):
        shutil.rmtree(cache, ignore_errors=True)
        extra = ["--db", root / "published.db"] if n == 1 else []
        done = run_benchit("benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, *FAST,
                           *JUDGED, "--quiet-wait", "20", *extra)  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        if not _contended(cache):
            break
        if n == 1:
            (root / "published.db").unlink()
    assert not _contended(cache), f"every scan of {ATTEMPTS} had a contended result: the machine is too busy"
    return cache


def _count(url: str, table: str) -> int:
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as connection:
            return int(connection.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar() or 0)
    finally:
        engine.dispose()


def _packed_points_are_the_results(url: str) -> None:
    """``series_points`` holds, for every series, exactly its results in time order (then id), with
    their runs, medians and usable flags: as publish keeps it and the migration fills it."""
    from benchit.history import summary

    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as connection:
            query = "SELECT series_id, time, id, run_id, median_ms, status, contended FROM results ORDER BY series_id, time, id"
            expected: dict[int, list[tuple[object, ...]]] = {}
            for sid, time, id_, run, median, status, contended in connection.execute(sa.text(query)):
                usable = int(status == "ok" and not contended and median is not None and median > 0)
                expected.setdefault(sid, []).append((time, id_, run, median, usable))
            packed = {}
            for row in connection.execute(sa.text("SELECT * FROM series_points")).mappings():
                p = summary.unpack(row)
                medians = [None if math.isnan(m) else m for m in p.medians]
                packed[row["series_id"]] = list(zip(p.times, p.ids, p.runs, medians, p.usable, strict=True))
                assert row["count"] == len(p)
    finally:
        engine.dispose()
    assert packed == expected


def _history(url: str, *args: object) -> subprocess.CompletedProcess[str]:
    return run_benchit("history", "--db", url, *THRESHOLD, *args)


def test_benchmark_db_publishes_at_the_end_of_a_scan(scans: list[Path]) -> None:
    url = f"sqlite:///{scans[0].parent / 'published.db'}"
    assert _count(url, "results") == 2 and _count(url, "series") == 2 and _count(url, "runs") == 1
    done = _history(url)
    assert done.returncode == 0, done.stderr
    assert "too few runs" in done.stdout and "steady.py Linear" in done.stdout and "grows.py Work" in done.stdout


def test_four_runs_one_regression_and_what_changed(scans: list[Path], db: str, tmp_path: Path) -> None:
    for n, cache in enumerate(scans[:3], 1):
        done = run_benchit("publish", cache, "--db", db, "--run", f"night-{n}", "--tag", "branch=main")
        assert done.returncode == 0, done.stdout + done.stderr
        assert f"published 2 results of 2 series as run 'night-{n}'" in done.stdout
    done = _history(db, "--fail-on", "regression")
    assert done.returncode == 0, done.stdout + done.stderr  # three alike runs: nothing broke
    assert "regression" not in done.stdout.split("series:")[-1]
    assert run_benchit("publish", scans[3], "--db", db, "--run", "night-4").returncode == 0
    _packed_points_are_the_results(db)
    # --tag: only the runs published with it (the first three), where nothing broke.
    done = _history(
        db, "--fail-on", "regression", "--tag", "branch=main", "--format", "json", "-o", tmp_path / "t.json"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert {s["runs"] for s in json.loads((tmp_path / "t.json").read_text())["series"]} == {3}
    done = _history(db, "--tag", "branch=dev")
    assert done.returncode == 2 and "no series matches the filters" in done.stderr
    out = tmp_path / "history.csv"
    done = _history(db, "--fail-on", "regression", "-o", out)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "--fail-on regression: 1 flagged" in done.stderr
    df = pd.read_csv(out).set_index("script")
    assert df.loc["grows.py", "verdict"] == "regression"
    assert df.loc["grows.py", "ratio"] > 1.5 and df.loc["grows.py", "p_value"] < 0.01
    assert df.loc["grows.py", "method"] == "welch-t on log round medians"
    assert df.loc["grows.py", "runs"] == 4 and df.loc["grows.py", "baseline_runs"] == 3
    assert df.loc["steady.py", "verdict"] != "regression"
    # What changed between the last good run and the first bad one: the script's digest.
    assert df.loc["grows.py", "last_good_run"] == "night-3" and df.loc["grows.py", "first_bad_run"] == "night-4"
    assert "script digest" in df.loc["grows.py", "changed"]
    assert done.stdout.splitlines()[1].startswith("grows.py Work")  # regressions first
    # Filters: one series left, and a baseline of 1 run is too few.
    done = _history(db, "--model", "steady*", "--format", "json", "-o", tmp_path / "h.json")
    assert done.returncode == 0 and "grows.py" not in done.stdout
    done = _history(db, "--baseline", "1", "--fail-on", "any", "--device", "cpu")
    assert done.returncode == 0 and done.stdout.count("too few runs") == 2


def test_publishing_twice_adds_nothing(scans: list[Path], db: str) -> None:
    assert run_benchit("publish", scans[0], "--db", db).returncode == 0
    counts = [_count(db, t) for t in ("runs", "series", "results", "environments")]
    assert counts[:3] == [1, 2, 2]
    for run in ([], ["--run", "another"]):
        done = run_benchit("publish", scans[0], "--db", db, *run)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("nothing new: the 2 results are in")
        assert [_count(db, t) for t in ("runs", "series", "results", "environments")] == counts


@pytest.mark.parametrize("same_run", [False, True], ids=["own-runs", "one-run"])
def test_four_publishers_at_once_lose_nothing(scans: list[Path], db: str, same_run: bool) -> None:
    """Four processes start together on an empty database: one migrates, all four runs land (or,
    all under one --run, the first to name the run makes it and the others join it)."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1"}
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "benchit",
                "publish",
                cache,
                "--db",
                db,
                "--run",
                "night" if same_run else f"p{n}",
                "--tag",
                "k=v",
            ],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        for n, cache in enumerate(scans)
    ]
    outcomes = [
        (p.wait(timeout=300), p.stdout.read() if p.stdout else "", p.stderr.read() if p.stderr else "") for p in procs
    ]
    assert all(code == 0 for code, _, _ in outcomes), outcomes
    runs = 1 if same_run else 4
    assert _count(db, "runs") == runs and _count(db, "results") == 8 and _count(db, "series") == 2
    assert _count(db, "tags") == runs and _count(db, "alembic_version") == 1
    _packed_points_are_the_results(db)  # each publisher added its points to the series, none lost


def test_a_run_another_publisher_names_meanwhile_is_joined(scans: list[Path], db: str) -> None:
    """A publication whose run name another one takes while it stores (committed after this one
    looked for the name) joins that run: its results move there, its provisional run goes."""
    from benchit.history import collect, engine, publish

    assert run_benchit("publish", scans[0], "--db", db, "--run", "first").returncode == 0
    entries = collect.entries(collect.open_caches([scans[1]])[0])
    raw = sa.create_engine(db.replace("postgresql://", "postgresql+psycopg://"))
    done: dict[str, Any] = {}

    def publisher() -> None:
        done["published"] = publish.publish(engine.resolve(db), [entries], "night", {})

    with raw.connect() as other:
        transaction = other.begin()
        other.execute(
            sa.text("INSERT INTO runs (name, time, benchit_version, fingerprint) VALUES ('night', 1, 'x', 'x')")
        )
        thread = threading.Thread(target=publisher)
        thread.start()
        if db.startswith("postgresql"):  # until the publisher waits on the name: its rename is under way
            with raw.connect() as watch:
                deadline = time.monotonic() + 60
                while not watch.execute(sa.text("SELECT count(*) FROM pg_locks WHERE NOT granted")).scalar():
                    assert time.monotonic() < deadline, "the publisher never waited for the other's name"
                    time.sleep(0.05)
        else:  # SQLite: the publisher waits for the other's write lock before it stores anything
            time.sleep(0.5)
        transaction.commit()
        thread.join(120)
    raw.dispose()
    assert done["published"] == publish.Published("night", 2, 0, 2)
    assert _count(db, "runs") == 2 and _count(db, "results") == 4
    with sa.create_engine(db.replace("postgresql://", "postgresql+psycopg://")).connect() as connection:
        query = "SELECT runs.name, count(*) FROM results JOIN runs ON runs.id = results.run_id GROUP BY runs.name"
        assert dict(connection.execute(sa.text(query)).all()) == {"first": 2, "night": 2}
    _packed_points_are_the_results(db)


def _at_first_schema(url: str) -> None:
    from benchit.history import engine

    real = engine.resolve(url)
    e = engine.make_engine(real, write=True)
    with e.connect() as connection, connection.begin():
        engine.upgrade(connection, "0001")
        connection.execute(
            sa.text("INSERT INTO runs (name, time, benchit_version, fingerprint) VALUES ('old', 1, '0.0.1', 'x')")
        )
    e.dispose()


def test_migrations_from_empty_and_from_the_first_schema(scans: list[Path], db: str, tmp_path: Path) -> None:
    from benchit.history.engine import head

    _at_first_schema(db)
    assert _count(db, "runs") == 1
    with pytest.raises(sa.exc.ProgrammingError if db.startswith("postgresql") else sa.exc.OperationalError):
        _count(db, "tags")  # the second revision adds it
    done = run_benchit("publish", scans[0], "--db", db, "--run", "new", "--tag", "a=b")
    assert done.returncode == 0, done.stderr
    assert _count(db, "runs") == 2 and _count(db, "tags") == 1 and _count(db, "results") == 2  # the old run kept
    empty = f"sqlite:///{tmp_path / 'fresh.db'}"
    assert run_benchit("publish", scans[0], "--db", empty).returncode == 0
    for url in (db, empty):
        engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
        with engine.connect() as connection:
            assert connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == head()
            assert "results_by_series" in {i["name"] for i in sa.inspect(connection).get_indexes("results")}
        engine.dispose()


def _reflected(url: str) -> dict[str, object]:
    """Every table of the database at ``url``: its columns, keys, indexes and constraints."""
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as connection:
        found = sa.inspect(connection)
        tables = {
            table: (
                [(c["name"], str(c["type"]), c["nullable"], str(c.get("default"))) for c in found.get_columns(table)],
                found.get_pk_constraint(table),
                sorted((i["name"], i["column_names"], i["unique"]) for i in found.get_indexes(table)),
                sorted((u["name"] or "", u["column_names"]) for u in found.get_unique_constraints(table)),
                sorted((f["referred_table"], f["constrained_columns"]) for f in found.get_foreign_keys(table)),
            )
            for table in sorted(found.get_table_names())
        }
        version = connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
    engine.dispose()
    return {"tables": tables, "version": version}


def test_a_new_database_is_made_as_the_migrations_make_it(
    db: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """An empty database gets the newest schema at once, without running the migrations: the same
    tables, keys and indexes as the migrations from empty make, at the same revision."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from benchit.history import engine, schema

    with engine.session(engine.resolve(db), write=True):
        pass
    migrated = (
        f"sqlite:///{tmp_path / 'migrated.db'}"
        if db.startswith("sqlite")
        else pgserver.new_database(request.getfixturevalue("postgres"))
    )
    e = engine.make_engine(engine.resolve(migrated), write=True)
    with e.connect() as connection, connection.begin():
        engine.upgrade(connection)
        assert compare_metadata(MigrationContext.configure(connection), schema.metadata) == []
    e.dispose()
    made, expected = _reflected(db), _reflected(migrated)
    assert made == expected and made["version"] == engine.HEAD
    assert {"runs", "results", "series", "series_points", "alembic_version"} <= set(made["tables"])  # type: ignore[call-overload]


def _many_scripts(root: Path, scripts: int) -> Any:
    """A cache of ``scripts`` script runs, each one build measured with torch and ort."""
    from benchit.records import Invocation, Machine, Result, ScriptStatus, Stats
    from benchit.runrecords import BuildRecord, ScriptRecord
    from benchit.store.cache import Cache

    cache = Cache(root)
    cache.create()
    machine = Machine("m", "h", "CPU")
    for s in range(scripts):
        key, name = f"model_{s:03d}", f"model_{s:03d}_b"
        invocation = Invocation(f"{s:08x}", f"Model{s}", 10, {}, "(1, 3)", 1, "x.py:1")
        cache.write_build(BuildRecord(name, f"/m/{key}.py", key, "d" * 64, invocation=invocation))
        for runtime in ("torch", "ort"):
            stats = Stats(3, s + 1.0, s + 1.0, s + 0.9, s + 1.1, s + 0.8, s + 1.2, 0.1, 0.1, s + 1.2, s + 1.2, 0.01,
                          2, 0.3, False, samples_ms=(s + 0.9, s + 1.0, s + 1.1))  # fmt: skip
            cache.write_result(name, Result("cpu", runtime, "ok", stats=stats, machine=machine, script_digest="d" * 64,
                                            finished=1.7e9 + s))  # fmt: skip
        cache.write_script(ScriptRecord(key, f"/m/{key}.py", f"{key}.py", "d" * 64, status=ScriptStatus.OK,
                                        builds=(name,), benchit_version="0.1.0", finished=1.7e9 + s))  # fmt: skip
    return cache


def test_a_large_cache_is_read_by_forked_readers_as_by_one(tmp_path: Path) -> None:
    """A cache of many script runs is read by several forked processes: the same entries, in the
    same order, with the same warnings for its damaged files, as one process reads."""
    from benchit.store import forked

    cache = _many_scripts(tmp_path / "cache", 3 * forked.SCRIPTS_PER_JOB)
    (cache.build_dir("model_040_b") / "results" / "m" / "cpu-ort.json").write_text("{not json")
    bad = cache.build_dir("model_070_b") / "results" / "m" / "cpu-torch.json"
    bad.write_text(bad.read_text().replace('"device": "cpu"', '"device": 7'))

    # In a fresh interpreter: a process with other threads (pytest's may have some) is never forked.
    done = subprocess.run(
        [sys.executable, "-c", FORKED_READERS, str(cache.root), str(tmp_path / "pids")],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    readers = set((tmp_path / "pids").read_text().split())
    assert readers and str(found["pid"]) not in readers  # forked readers only
    assert found["same"] and found["count"] == 2 * 3 * forked.SCRIPTS_PER_JOB - 2
    warnings = found["warnings"]
    assert len(warnings) == 2 and "model_040_b" in warnings[0] and "model_070_b" in warnings[1]
    # Several caches: their shares in order, each cache's warnings its own; ``meanwhile`` ran there.
    assert found["both_same"] and found["meanwhile_pid"] == found["pid"]


# Reads the cache at argv[1] in this process and by forked readers (noting each reader's pid in
# the file at argv[2]), and says whether they agree.
FORKED_READERS = """
import json, os, sys
from pathlib import Path
from typing import Any
from benchit.history import collect
from benchit.store.cache import Cache

root, pids = Path(sys.argv[1]), Path(sys.argv[2])
one = Cache(root)
alone = collect.entries(one, jobs=1)
read = collect._read

def reading(cache, keys):
    with pids.open("a") as out:
        out.write(f"{os.getpid()}\\n")
    return read(cache, keys)

collect._read = reading
many = Cache(root)
forked = collect.entries(many, jobs=2)
first, second = Cache(root), Cache(root)
both, pid = collect.read([first, second], meanwhile=os.getpid, jobs=2)
print(json.dumps({
    "pid": os.getpid(), "same": forked == alone and many.warnings == one.warnings, "count": len(alone),
    "warnings": one.warnings, "both_same": both == alone + alone and first.warnings == second.warnings == one.warnings,
    "meanwhile_pid": pid,
}))
"""


def test_publish_of_a_large_cache_by_forked_readers_stores_what_one_reader_would(tmp_path: Path) -> None:
    """``benchit publish`` of a cache of many script runs, read by forked readers (through
    ``store.forked``), stores the same results and warns of the same damaged files, in the same
    order, as the command reading it in its own process."""
    from benchit.store import forked

    cache = _many_scripts(tmp_path / "cache", 3 * forked.SCRIPTS_PER_JOB)
    (cache.build_dir("model_040_b") / "results" / "m" / "cpu-ort.json").write_text("{not json")
    bad = cache.build_dir("model_070_b") / "results" / "m" / "cpu-torch.json"
    bad.write_text(bad.read_text().replace('"device": "cpu"', '"device": 7'))
    stored = {}
    for readers in (1, 2):
        db, pids = tmp_path / f"{readers}.db", tmp_path / f"{readers}.pids"
        done = subprocess.run(
            [sys.executable, "-c", PUBLISH_READERS, str(readers), str(pids), "publish", str(cache.root), "--db",
             f"sqlite:///{db}", "--run", "night"],
            capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        main, *shares = pids.read_text().splitlines()
        assert (main.removeprefix("main ") in shares) == (readers == 1), shares  # forked readers only, with two
        with sqlite3.connect(db) as connection:
            rows = connection.execute(
                "SELECT digest, status, median_ms, samples FROM results ORDER BY digest"
            ).fetchall()
        stored[readers] = (rows, done.stderr)
    assert stored[1] == stored[2]
    rows, warned = stored[1]
    assert len(rows) == 2 * 3 * forked.SCRIPTS_PER_JOB - 2
    assert [line.split(": ")[2].split("/")[-4] for line in warned.splitlines()] == ["model_040_b", "model_070_b"]


# ``benchit ARGS`` (argv[3:]) in this fresh interpreter, its caches read by argv[1] readers (1: in
# the command's own process); each share's reader notes its pid in the file at argv[2], after the
# command's own ("main PID").
PUBLISH_READERS = """
import os, sys
from pathlib import Path
from benchit.cli import main
from benchit.history import collect
from benchit.store import forked

readers, pids = int(sys.argv[1]), Path(sys.argv[2])
forked.cpus = lambda: readers
read = collect._read

def reading(cache, keys):
    with pids.open("a") as out:
        out.write(f"{os.getpid()}\\n")
    return read(cache, keys)

collect._read = reading
pids.write_text(f"main {os.getpid()}\\n")
sys.exit(main(sys.argv[3:]))
"""


def test_a_publication_stores_shares_as_they_come_all_or_nothing(db: str, tmp_path: Path) -> None:
    """``publish`` stores the results a share at a time, as readers hand them over, in one
    transaction: a reader that fails midway leaves nothing, not even the run; the run it makes
    at the end is named by the newest result of all the shares."""
    from benchit.history import collect, engine, publish

    entries = collect.entries(_many_scripts(tmp_path / "cache", 40), jobs=1)
    parts = [entries[i : i + 10] for i in range(0, len(entries), 10)]
    url = engine.resolve(db)
    taken: list[int] = []

    def failing() -> Iterator[list[collect.Entry]]:
        for part in parts[:3]:
            taken.append(len(part))
            yield part
        raise OSError("a reader died")

    with pytest.raises(OSError, match="a reader died"):
        publish.publish(url, failing(), None, {}, ["cache"])
    assert taken == [10, 10, 10]
    assert _count(db, "results") == 0 and _count(db, "runs") == 0 and _count(db, "series") == 0

    done = publish.publish(url, iter(parts), None, {"k": "v"}, ["cache"])
    newest = max(e.row["time"] for e in entries)
    assert done == publish.Published(publish.default_run_name(newest, ["cache"]), 80, 0, 80)
    assert _count(db, "results") == 80 and _count(db, "runs") == 1 and _count(db, "tags") == 1
    _packed_points_are_the_results(db)
    again = publish.publish(url, iter(parts), "another", {}, ["cache"])
    assert again == publish.Published("another", 0, 80, 0)
    assert _count(db, "runs") == 1  # a publication that adds nothing leaves no run, pending or not


def test_digests_are_made_of_the_same_text_as_ever() -> None:
    """The history's digests (series keys, result digests) hash ``canonical``'s text, which must
    be json.dumps's exactly, for every value: else a cache published again adds its results twice."""
    from benchit.history.identity import canonical

    rng = random.Random(7)
    texts = ["", "a", "cpu", 'q"uote', "back\\slash", "tab\t", "nl\n", "\x7f", "é", "😀", "\x00", "~ }{"]
    atoms = [*texts, 0.0, -0.0, 1.7e9, 1e16, 5e-324, 1.2345678901234567e19, -3.25, math.nan, math.inf, -math.inf,
             None, {}, {"b": 1, "a": [2]}, 0, 7, True, False, [], ["x"], (1, 2)]  # fmt: skip
    for _ in range(3000):
        value = [rng.choice(atoms) for _ in range(rng.randrange(0, 10))]
        if rng.random() < 0.05:
            value = {"k": value} if rng.random() < 0.5 else tuple(value)
        expected = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
        assert canonical(value) == expected, value
    assert canonical(["a", 1.5, None, {}]) == '["a",1.5,null,{}]'


def test_head_is_the_newest_migration() -> None:
    from benchit.history import engine

    assert engine.HEAD == engine.head()


RUNS = 12
# Six series over twelve nightly runs, by script: (factor on the level, status, contended) of run r.
SHAPES = {
    "stepped.py": lambda r: (1.5 if r >= 11 else 1.0, "ok", False),  # slower from night-11 on
    "steady.py": lambda r: (1.0, "ok", False),
    "faster.py": lambda r: (0.6 if r == RUNS else 1.0, "ok", False),
    "busy.py": lambda r: (1.0, "ok", r == RUNS),
    "broken.py": lambda r: (1.0, "error" if r == RUNS else "ok", False),
    "gap.py": lambda r: (1.0, "error" if r == 6 else "ok", False),  # a failed run in the middle
}


def _history_at_second_schema(url: str) -> None:
    """A history at revision 0002 (before the packed points), with the rows publish wrote then."""
    from benchit.history import engine

    real = engine.resolve(url)
    e = engine.make_engine(real, write=True)
    rng = random.Random(3)
    results = []
    with e.connect() as connection, connection.begin():
        engine.upgrade(connection, "0002")
        connection.execute(sa.text("INSERT INTO environments (id, fingerprint, data) VALUES (1, 'f', '{}')"))
        connection.execute(
            sa.text("INSERT INTO runs (id, name, time, benchit_version, fingerprint) VALUES (:id, :name, :time, '0.1', 'f')"),
            [{"id": r, "name": f"night-{r:02d}", "time": 1.7e9 + r * 86400.0} for r in range(1, RUNS + 1)],
        )  # fmt: skip
        for sid, (script, shape) in enumerate(SHAPES.items(), 1):
            connection.execute(
                sa.text(
                    "INSERT INTO series (id, key, script, model, invocation, script_args, device, runtime, precision, "
                    "machine, mode, runtime_options, hostname) VALUES (:id, :key, :script, 'M', 'i', '', 'cpu', "
                    "'torch', 'fp32', 'm', 'eval', '{}', 'h')"
                ),
                {"id": sid, "key": f"{sid:064x}", "script": script},
            )
            level = rng.uniform(1.0, 20.0)
            # Published out of order (night 5 last): the points are read back in time order all the same.
            for r in [*range(1, 5), *range(6, RUNS + 1), 5]:
                factor, status, contended = shape(r)
                median = level * factor * rng.lognormvariate(0.0, 0.01) if status == "ok" else None
                rounds = [median * rng.lognormvariate(0.0, 0.005) for _ in range(5)] if median else []
                results.append({"digest": f"{sid:032x}{r:032x}", "run": r, "sid": sid, "time": 1.7e9 + r * 86400.0 + sid,
                                "status": status, "median": median, "rounds": json.dumps(rounds), "contended": contended})  # fmt: skip
        connection.execute(
            sa.text(
                "INSERT INTO results (digest, run_id, series_id, environment_id, time, status, median_ms, rounds, "
                "samples, contended, details, script_digest, benchit_version) VALUES (:digest, :run, :sid, 1, :time, "
                ":status, :median, :rounds, '[]', :contended, '{}', 'd', '0.1')"
            ),
            results,
        )
    e.dispose()


def test_migration_to_packed_points_keeps_every_verdict(db: str, tmp_path: Path) -> None:
    """A history of the second schema is migrated (its packed points filled from its results) by
    the first command that opens it, and judged as before: each shape has its verdict."""
    from benchit.history.engine import HEAD

    _history_at_second_schema(db)
    out = tmp_path / "h.json"
    done = run_benchit("history", "--db", db, "--format", "json", "-o", out)
    assert done.returncode == 0, done.stdout + done.stderr
    assert _count(db, "series_points") == len(SHAPES)
    _packed_points_are_the_results(db)
    engine = sa.create_engine(db.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == HEAD
    engine.dispose()
    found = {s["script"]: s for s in json.loads(out.read_text())["series"]}
    assert {k: v["verdict"] for k, v in found.items()} == {
        "stepped.py": "regression", "steady.py": "no change", "faster.py": "improvement",
        "busy.py": "inconclusive", "broken.py": "failing", "gap.py": "no change",
    }  # fmt: skip
    stepped = found["stepped.py"]
    assert stepped["runs"] == RUNS and stepped["change_point_run"] == "night-11"
    assert (stepped["last_good_run"], stepped["first_bad_run"]) == ("night-10", "night-11")
    assert found["gap.py"]["runs"] == RUNS and found["busy.py"]["reason"].startswith("busy")
    # --since: only the last five nights (night-08 was measured on 2023-11-22 at 22:13 UTC).
    done = run_benchit("history", "--db", db, "--since", "2023-11-22", "--format", "json", "-o", out)
    assert done.returncode == 0, done.stderr
    found = {s["script"]: s for s in json.loads(out.read_text())["series"]}
    assert {s["runs"] for s in found.values()} == {5} and found["stepped.py"]["verdict"] == "regression"


def test_suite_run_with_db_publishes_every_scan_as_one_run(tmp_path: Path) -> None:
    """``benchit run SUITE --db``: each of the suite's scans is published when it ends, all under the suite's run."""
    write_script(tmp_path / "one", "steady.py", STEADY)
    write_script(tmp_path / "two", "grows.py", GROWS.format(repeat=2))
    timing = dict(zip(FAST[::2], FAST[1::2], strict=True))
    entry = textwrap.indent(
        textwrap.dedent(
            f"""
          cache_dir: cache
          runtimes: [torch]
          threads: {timing["--threads"]}
          timing:
            min_time: {timing["--min-time"]}
            max_time: {timing["--max-time"]}
            min_iterations: {timing["--min-iterations"]}
            warmup_time: {timing["--warmup-time"]}
            contention_threshold: {timing["--contention-threshold"]}
        """
        ),
        "  ",
    )
    suite = tmp_path / "nightly.yaml"
    suite.write_text(f"first:\n  search_dir: one{entry}second:\n  search_dir: two{entry}")
    db = tmp_path / "h.db"
    done = run_benchit("run", suite, "--db", db, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("published 1 results of 1 series as run") == 2, done.stdout
    url = f"sqlite:///{db}"
    assert _count(url, "runs") == 1 and _count(url, "results") == 2 and _count(url, "series") == 2
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT name FROM runs")).scalar().endswith(" nightly")
    engine.dispose()
    _packed_points_are_the_results(url)
    done = _history(url)
    assert done.returncode == 0 and "steady.py" in done.stdout and "grows.py" in done.stdout, done.stderr


def _one_line_exit_2(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("benchit: error: "), done.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_bad_input_is_one_line_and_writes_nothing(scans: list[Path], tmp_path: Path, postgres: str) -> None:
    cache = scans[0]
    _one_line_exit_2(run_benchit("publish", cache, "--db", "mysql://u@localhost/x"), "unknown scheme 'mysql'")
    closed = postgres.rsplit(":", 1)[0] + ":1"  # nothing listens on port 1
    _one_line_exit_2(run_benchit("publish", cache, "--db", f"{closed}/x"), "does not answer")
    _one_line_exit_2(run_benchit("history", "--db", f"{closed}/x"), "does not answer")
    # A database of a newer schema than this benchit's.
    newer = tmp_path / "newer.db"
    assert run_benchit("publish", cache, "--db", newer).returncode == 0
    with sqlite3.connect(newer) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    before = newer.read_bytes()
    for command in (["publish", scans[1]], ["history"]):
        _one_line_exit_2(run_benchit(*command, "--db", newer), "newer", "9999")
    assert newer.read_bytes() == before
    # A read-only database file (refused even as root, who could write it).
    readonly = tmp_path / "readonly.db"
    assert run_benchit("publish", cache, "--db", readonly).returncode == 0
    readonly.chmod(0o444)
    before = readonly.read_bytes()
    _one_line_exit_2(run_benchit("publish", scans[1], "--db", f"sqlite:///{readonly}"), "read-only")
    assert readonly.read_bytes() == before
    # A folder that is not a benchit cache; a second, good cache given with it is not published either.
    stranger = tmp_path / "stranger"
    (stranger / "builds").mkdir(parents=True)
    fresh = tmp_path / "fresh.db"
    _one_line_exit_2(run_benchit("publish", cache, stranger, "--db", fresh), "not a benchit cache")
    assert not fresh.exists()
    # And a scan with a bad --db stops before it runs anything.
    corpus = tmp_path / "corpus"
    write_script(corpus, "m.py", STEADY)
    done = run_benchit("benchmark", corpus / "m.py", "--cache-dir", tmp_path / "c", "--db", "ftp://x/y", *FAST)
    _one_line_exit_2(done, "unknown scheme 'ftp'")
    assert not (tmp_path / "c").exists()
    # Without --db, $BENCHIT_DB names the database: one not made yet has no history to read.
    nowhere = tmp_path / "nowhere.db"
    _one_line_exit_2(run_benchit("history", env={"BENCHIT_DB": str(nowhere)}), f"--db {nowhere}: no history there yet")
    assert not nowhere.exists()


@needs_chromium
def test_dashboard_in_headless_chromium(scans: list[Path], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'h.db'}"
    for n, cache in enumerate(scans, 1):
        assert run_benchit("publish", cache, "--db", url, "--run", f"night-{n}").returncode == 0
    page_path = tmp_path / "dash.html"
    done = _history(url, "--format", "html", "-o", page_path)
    assert done.returncode == 0, done.stderr
    text = page_path.read_text()
    assert "<script src" not in text  # self-contained: plotly.js inlined (and no request leaves, below)
    with headless_page(page_path) as (page, errors):
        page.wait_for_selector("#charts .card .main-svg")
        cards = page.locator("#charts .card").count()
        charts = page.locator("#charts .card .js-plotly-plot").count()
        lines = page.locator("#charts .card .js-plotly-plot .scatterlayer .trace").count()
        regressions = page.locator("#regressions tbody tr").all_inner_texts()
        first = page.locator("#charts .card h3").first.inner_text()
        notes = page.locator("#charts .card .annotation-text").evaluate_all("els => els.map(e => e.textContent)")
        page.fill("#chart-filter", "steady")
        filtered = (page.locator("#charts .card").count(), page.locator("#charts .card .js-plotly-plot").count())
    assert errors == []
    assert cards == charts == 2 and lines >= 2 * 3
    assert len(regressions) == 1 and regressions[0].startswith("grows.py Work")
    assert first.startswith("grows.py Work") and "regression" in first  # regressions drawn first
    assert notes == ["changed: script"]  # the script's new digest at the fourth run, on grows.py's chart
    assert filtered == (1, 1)


def test_change_point_is_ruptures_pelt_and_finds_the_step_in_long_series() -> None:
    """The PELT loaded from ruptures' extension gives KernelCPD(kernel="linear")'s answer, and a
    series longer than MAX_POINTS (searched block by block) still has its step at the right run."""
    import math
    import random

    import numpy as np
    import ruptures

    from benchit.history.changepoint import MAX_POINTS, MIN_SIZE, _breaks, last_change

    rng = random.Random(7)
    for _ in range(50):
        n, k = rng.randint(10, 150), rng.randint(3, 8)
        signal = np.array([rng.gauss(0, 1) + (4 if i >= n // 2 else 0) for i in range(n)]).reshape(-1, 1)
        expected = ruptures.KernelCPD(kernel="linear", min_size=MIN_SIZE).fit(signal).predict(pen=k * math.log(n))
        assert _breaks(signal, k * math.log(n)) == [int(b) for b in expected]
    for n, step in ((60, 45), (500, 123), (500, 497), (1001, 900)):
        medians = [rng.lognormvariate(0, 0.02) * (1.5 if i >= step else 1.0) for i in range(n)]
        found = last_change(medians)
        assert found is not None and found.index == step and found.ratio == pytest.approx(1.5, rel=0.02), (n, found)
    assert n > MAX_POINTS
    assert last_change([rng.lognormvariate(0, 0.02) for _ in range(500)]) is None


def test_the_dashboard_draws_a_band_only_for_an_interval_above_zero() -> None:
    from benchit.history.analysis import _band

    def item(low: float, high: float, rounds: int) -> dict:
        return {"median_ms": 1.0, "ci_low_ms": low, "ci_high_ms": high, "rounds": [1.0] * rounds}

    band = _band(item(0.9, 1.1, 5))
    assert band is not None and (band.low, band.high) == (0.9, 1.1)
    assert _band(item(-2.3, 4.1, 5)) is None  # an older cache's linear interval below zero: no band
    assert _band(item(0.9, 1.1, 2)) is None  # two rounds: too few for an interval
    assert _band({**item(0.9, 1.1, 5), "median_ms": None}) is None  # a failed run
