"""benchit triage and benchit repro through the real command: clusters, a baseline, reproductions from an empty folder."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from browser import headless_page, needs_chromium
from helpers import FAST, local_plugin, rewrite_results, run_benchit, run_benchit_subprocess, write_script
from samples import OFF_BY

from benchit import failures
from benchit.records import Invocation, Machine, Result, ScriptStatus
from benchit.runrecords import BuildRecord, ScriptRecord
from benchit.store import forked
from benchit.store.cache import Cache

# A runtime that fails the models named in $BROKEN_MODELS, each with its own numbers, path and shape in
# the message; model C's op is another.
BROKEN = '''
import os
import benchit

class Broken(benchit.Runtime):
    name = "broken"
    description = "fails the models named in BROKEN_MODELS"

    def prepare(self, model, args, kwargs, device, artifacts):
        name = type(model).__name__
        if name in os.environ.get("BROKEN_MODELS", "").split(","):
            n = len(name) + ord(name[0])
            op = "bar" if name == "C" else "foo"
            raise RuntimeError(f"no kernel for aten::{op} at /tmp/run{n}/lib.py:{n} on input [{n}, 3] after {n * 0.5} ms")
        return benchit.Prepared(step=lambda: model(*args, **kwargs))

@benchit.hookimpl
def benchit_runtimes():
    return [Broken]
'''
MODELS = """
import torch
class A(torch.nn.Linear): pass
class B(torch.nn.Linear): pass
class C(torch.nn.Linear): pass
A(4, 2)(torch.randn(2, 4))
B(6, 2)(torch.randn(3, 6))
C(8, 2)(torch.randn(5, 8))
"""
# The model is called once while it is built (a probe in its __init__, as torchvision's quantized
# builders calibrate), before it takes the path that fails to export: repro must find the call the
# scan measured, not that one.
EXPORT_FAILS = """
import torch
class Svd(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.svd = False
        self(torch.randn(4, 5, 6))
        self.svd = True
    def forward(self, x):
        return torch.linalg.svdvals(x) if self.svd else x.sum(-1)
Svd()(torch.randn(4, 5, 6))
"""
MLP = """
import torch
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4)).eval()
model(torch.randn(2, 8))
"""


def _scan(root: Path, cache: Path, broken: str) -> None:
    plugins = local_plugin(root / "plugins", "broken", BROKEN)
    done = run_benchit("benchmark", "--all", "--search-dir", root / "scripts", "--runtime", "broken", "--plugins-dir", plugins,
                       "--cache-dir", cache, *FAST, env={"BROKEN_MODELS": broken})  # fmt: skip
    assert done.returncode in (0, 1), done.stderr


def _triage(*args: object) -> dict:
    done = run_benchit("triage", *args, "--format", "json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_clusters_merge_numbers_and_keep_ops_apart_and_a_baseline_says_new_still_fixed(tmp_path: Path) -> None:
    write_script(tmp_path / "scripts", "models.py", MODELS)
    before, after = tmp_path / "before", tmp_path / "after"
    _scan(tmp_path, before, "A,B")
    _scan(tmp_path, after, "A,C")

    clusters = _triage(before)["clusters"]
    assert len(clusters) == 1  # A and B: one cause, told apart only by numbers, a path and a shape
    (foo,) = clusters
    assert set(foo) >= {"id", "runtimes", "stage", "op", "template", "count", "results"}
    assert (foo["runtimes"], foo["op"], foo["count"]) == (["broken"], "aten::foo", 2)
    assert {r["model"] for r in foo["results"]} == {"A", "B"}
    assert set(foo["results"][0]) == {"id", "script", "model", "runtime", "device", "signature", "change",
                                     "diverged_at"}  # "": not an accuracy failure, or not localised
    assert "<n>" in foo["template"] and "<path>" in foo["template"] and "<shape>" in foo["template"]

    clusters = {c["op"]: c for c in _triage(after, "--baseline", before)["clusters"]}
    assert set(clusters) == {"aten::foo", "aten::bar"}  # C's op is another cause
    changes = {r["model"]: r["change"] for c in clusters.values() for r in c["results"]}
    assert changes == {"A": "still", "B": "fixed", "C": "new"}
    assert (clusters["aten::foo"]["count"], clusters["aten::foo"]["still"], clusters["aten::foo"]["fixed"]) == (1, 1, 1)
    assert clusters["aten::bar"]["new"] == 1

    text = run_benchit("triage", after, "--baseline", before)
    assert text.returncode == 0 and "1 new" in text.stdout and "benchit repro --cache-dir" in text.stdout

    # The same baseline as a run of the history database (``--db``, ``--run``; the latest by default).
    db = f"sqlite:///{tmp_path / 'history.db'}"
    assert run_benchit("publish", before, "--db", db, "--run", "night-1").returncode == 0
    counted = {op: [c[k] for k in ("id", "count", "new", "still", "fixed")] for op, c in clusters.items()}
    for run in (["--run", "night-1"], []):
        found = _triage(after, "--db", db, *run)["clusters"]  # the same clusters: B's cause as recorded
        assert {c["op"]: [c[k] for k in ("id", "count", "new", "still", "fixed")] for c in found} == counted, run
        assert len(found) == 2 and {r["model"]: r["change"] for c in found for r in c["results"]} == changes, run
    done = run_benchit("triage", after, "--db", db, "--run", "night-9")
    assert done.returncode == 2 and done.stderr.strip().endswith("no run 'night-9'"), done.stderr
    done = run_benchit("triage", after, "--run", "night-1")
    assert done.returncode == 2 and "give --db URL too" in done.stderr

    report = run_benchit("report", "--cache-dir", after, "--format", "json", "-o", tmp_path / "r.json")
    assert report.returncode == 0, report.stderr
    rows = json.loads((tmp_path / "r.json").read_text())["rows"]
    failed = [r for r in rows if r["status"] == "failed"]
    assert {r["failure_op"] for r in failed} == {"aten::foo", "aten::bar"}
    assert all(r["failure_stage"] == "compile" and len(r["failure_signature"]) == 10 for r in failed)


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    write_script(tmp_path / "scripts", "models.py", MODELS)
    clean = tmp_path / "clean"
    _scan(tmp_path, clean, "")
    done = run_benchit("triage", clean)
    assert done.returncode == 2 and "holds no failed result" in done.stderr
    done = run_benchit("repro", "--cache-dir", clean, "nope/cpu-broken", "--output", tmp_path / "out")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    # A failed script named as one of repro's own files: refused, and nothing written over it
    own = tmp_path / "own"
    write_script(own / "scripts", "building.py", MODELS)
    _scan(own, own / "cache", "A")
    out = tmp_path / "own-out"
    done = run_benchit("repro", "--cache-dir", own / "cache", _triage(own / "cache")["clusters"][0]["results"][0]["id"],
                       "--output", out)  # fmt: skip
    assert done.returncode == 2 and "as a file of repro's own; rename it" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not out.exists()


def _repro_from_empty_folder(folder: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    empty = tmp_path / "empty"
    empty.mkdir(exist_ok=True)
    return subprocess.run([sys.executable, str(folder / "repro.py")], cwd=empty, text=True, capture_output=True,
                          check=False)  # fmt: skip


def test_repro_of_an_export_failure_runs_alone(tmp_path: Path) -> None:
    write_script(tmp_path / "scripts", "svd.py", EXPORT_FAILS)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", "--all", "--search-dir", tmp_path / "scripts", "--runtime", "ort", "--cache-dir", cache, *FAST)
    assert done.returncode == 1, done.stderr
    (cluster,) = _triage(cache)["clusters"]
    assert (cluster["op"], cluster["stage"]) == ("aten._linalg_svd", "convert")
    result = cluster["results"][0]
    out = tmp_path / "repro"
    done = run_benchit("repro", "--cache-dir", cache, result["id"], "--output", out)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "reproduced" in done.stdout
    assert {"repro.py", "svd.py", "failures.py", "building.py", "inputs.pt", "weights.pt"} <= {p.name for p in out.iterdir()}
    alone = _repro_from_empty_folder(out, tmp_path)
    assert alone.returncode == 1, alone.stdout + alone.stderr
    assert f"reproduced, signature {result['signature']}" in alone.stdout
    # Recorded by a benchit whose template rules differed (a stale template and signature): the
    # reproduction is judged by today's rules, the ones of the failures.py beside repro.py.
    def stale(found: Any, _: Path) -> Any:
        failure = dataclasses.replace(found.failure, template="older rules", signature="0123456789")
        return dataclasses.replace(found, failure=failure) if found.failure else found

    assert rewrite_results(cache, stale) == 1
    done = run_benchit("repro", "--cache-dir", cache, result["id"], "--output", tmp_path / "again")
    assert done.returncode == 0 and "reproduced" in done.stdout, done.stdout + done.stderr
    assert json.loads((tmp_path / "again" / "repro.json").read_text())["signature"] == result["signature"]


def test_repro_of_an_accuracy_failure_of_a_plugin_runtime(tmp_path: Path) -> None:
    plugins = local_plugin(tmp_path / "plugins", "offby", OFF_BY)
    write_script(tmp_path / "scripts", "mlp.py", MLP)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", "--all", "--search-dir", tmp_path / "scripts", "--runtime", "off-by", "--plugins-dir", plugins,
                       "--cache-dir", cache, *FAST)  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    (cluster,) = _triage(cache)["clusters"]
    assert (cluster["stage"], cluster["runtimes"]) == ("accuracy", ["off-by"])
    out = tmp_path / "repro"
    done = run_benchit("repro", "--cache-dir", cache, cluster["results"][0]["id"], "--output", out,
                       "--plugins-dir", plugins)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    alone = _repro_from_empty_folder(out, tmp_path)
    assert alone.returncode == 1 and "reproduced" in alone.stdout, alone.stdout + alone.stderr
    # where the scan found it starts: the first Linear (every submodule is off by the constant alone)
    assert json.loads((out / "repro.json").read_text())["diverged_at"] == "0"
    assert "repro: reproduced at diverged_at 0 (Linear, call 1)" in alone.stdout, alone.stdout


# A model whose outputs hold an object no comparison reads (as a transformers cache is), which a
# plugin runtime fails to convert.
CACHE_OUT = """
import torch
class Cache:
    def __init__(self, t):
        self.t = t
class WithCache(torch.nn.Linear):
    def forward(self, x):
        return super().forward(x), Cache(x)
WithCache(4, 2)(torch.randn(2, 4))
"""


def test_repro_of_a_conversion_failure_needs_no_comparable_outputs(tmp_path: Path) -> None:
    """The zoo sample's OpenVINO trace of GPTNeoX: the scan failed to convert, but repro.py first
    ran the model for eager outputs it could not compare (a cache) and failed there instead."""
    plugins = local_plugin(tmp_path / "plugins", "broken_runtime", BROKEN)
    write_script(tmp_path / "scripts", "cached.py", CACHE_OUT)
    cache = tmp_path / "cache"
    env = {"BROKEN_MODELS": "WithCache"}
    done = run_benchit("benchmark", "--all", "--search-dir", tmp_path / "scripts", "--runtime", "broken",
                       "--plugins-dir", plugins, "--cache-dir", cache, *FAST, env=env)  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    (cluster,) = _triage(cache)["clusters"]
    assert cluster["stage"] == "compile", cluster  # raised in prepare, naming no library stage
    out = tmp_path / "repro"
    done = run_benchit("repro", "--cache-dir", cache, cluster["results"][0]["id"], "--output", out,
                       "--plugins-dir", plugins, env=env)  # fmt: skip
    assert done.returncode == 0 and "reproduced, signature" in done.stdout, done.stdout + done.stderr
    assert "cannot be compared" not in done.stdout


def test_a_scripts_own_failure_is_reproduced_by_running_the_script_alone(tmp_path: Path) -> None:
    # A script that raises before its model: its cluster's reproduce line runs the script alone,
    # and ``benchit repro`` given its id says so in one line instead of "no result".
    script = write_script(tmp_path / "scripts", "raises.py", "raise RuntimeError('the script itself fails')\n")
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", script, "--cache-dir", cache, *FAST)
    assert done.returncode != 0
    (cluster,) = json.loads(run_benchit("triage", cache, "--format", "json").stdout)["clusters"]
    assert cluster["repro"].startswith(f"benchit benchmark {script} --analyze-only --cache-dir repro-")
    again = run_benchit(*cluster["repro"].split()[1:], cwd=tmp_path)
    assert again.returncode != 0 and "the script itself fails" in again.stdout + again.stderr
    done = run_benchit("repro", "--cache-dir", cache, cluster["results"][0]["id"], "--output", tmp_path / "out")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "its script's own failure (failed)" in done.stderr and "--analyze-only" in done.stderr


def _failing_scripts(root: Path, scripts: int, seed: int) -> Cache:
    """A cache written by the real writer: ``scripts`` script runs of two builds, each failed on
    some runtimes with one of a few causes (half with their failure recorded, half as older caches
    left them), and every seventh script failed itself."""
    rng = random.Random(seed)
    cache = Cache(root)
    cache.create()
    machine = Machine("m", "h", "CPU")
    for s in range(scripts):
        key, names = f"model_{s:03d}", [f"model_{s:03d}_b{b}" for b in range(2)]
        for b, name in enumerate(names):
            invocation = Invocation(f"{s:04x}{b:04x}", f"Model{s}", 10, {}, "(1, 3)", 1, "x.py:1")
            cache.write_build(BuildRecord(name, f"/m/{key}.py", key, "d" * 64, invocation=invocation))
            for runtime in ("ort", "openvino", "broken"):
                cause, n = rng.randrange(5), rng.randrange(1000)
                if cause == 4:  # measured: not a failure, but a baseline's fixed one
                    cache.write_result(name, Result("cpu", runtime, "ok", machine=machine, script_digest="d" * 64))
                    continue
                error = f"RuntimeError: no kernel for aten::op{cause} at /tmp/run{n}/lib.py:{n} on input [{n}, 3]"
                result = Result("cpu", runtime, "failed", error=error, machine=machine, script_digest="d" * 64)
                if n % 2:
                    result = dataclasses.replace(result, failure=failures.describe(runtime, error, where="prepare"))
                cache.write_result(name, result)
        status = ScriptStatus.FAILED if s % 7 == 0 else ScriptStatus.OK
        error = {"type": "ValueError", "message": f"bad input {s}"} if status is ScriptStatus.FAILED else None
        cache.write_script(ScriptRecord(key, f"/m/{key}.py", f"{key}.py", "d" * 64, status=status, error=error,
                                        builds=tuple(names), benchit_version="0.1.0", machine=machine))  # fmt: skip
    return cache


# ``benchit ARGS`` (argv[3:]) in this fresh interpreter, its cache read by argv[1] readers (1: in the
# command's own process); each share's reader notes its pid in the file at argv[2], after the
# command's own ("main PID").
READERS = """
import os, sys
from pathlib import Path
from typing import Any
from benchit.cli import main
from benchit.report import triage
from benchit.store import forked

readers, pids = int(sys.argv[1]), Path(sys.argv[2])
forked.cpus = lambda: readers
share = triage._share

def reading(cache, keys, with_measured):
    with pids.open("a") as out:
        out.write(f"{os.getpid()}\\n")
    return share(cache, keys, with_measured)

triage._share = reading
pids.write_text(f"main {os.getpid()}\\n")
sys.exit(main(sys.argv[3:]))
"""


def _triage_by(readers: int, pids: Path, *args: object) -> tuple[subprocess.CompletedProcess[str], str, list[str]]:
    """``benchit triage ARGS`` with ``readers`` readers: the finished command, its pid and the pid
    of the reader of each share."""
    done = subprocess.run([sys.executable, "-c", READERS, str(readers), str(pids), "triage", *map(str, args)],
                          capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    main, *shares = pids.read_text().splitlines()
    return done, main.removeprefix("main "), shares


def test_a_large_cache_is_triaged_by_forked_readers_as_by_one(tmp_path: Path) -> None:
    """Forked readers (a cache of many script runs, on more than one CPU) give byte for byte the
    clusters, the baseline's changes and the warnings of the damaged files that the command's own
    process gives reading alone; the warnings in the order of the files, each once."""
    scripts = 3 * forked.SCRIPTS_PER_JOB
    written = _failing_scripts(tmp_path / "cache", scripts, seed=1)
    cache, baseline = written.root, _failing_scripts(tmp_path / "baseline", scripts, seed=2).root
    damaged = [written.build_dir("model_040_b0") / "results" / "m" / "cpu-ort.json",
               written.build_dir("model_070_b1") / "results" / "m" / "cpu-broken.json",
               written.build_dir("model_090_b0") / "build.json"]  # fmt: skip
    damaged[0].write_text("{not json")
    damaged[1].write_text(damaged[1].read_text().replace('"device": "cpu"', '"device": 7'))
    damaged[2].write_text("[]")
    for args in ([cache, "--format", "json"], [cache, "--baseline", baseline], [baseline, "--baseline", cache]):
        caches = 2 if "--baseline" in args else 1
        alone, pid, shares = _triage_by(1, tmp_path / "alone", *args)
        assert alone.returncode == 0, alone.stderr
        assert shares == [pid] * caches  # each cache read in the command's own process, in one share
        many, pid, shares = _triage_by(2, tmp_path / "many", *args)
        assert many.returncode == 0, many.stderr
        assert len(shares) == caches * 2 * forked.SHARES_PER_JOB and pid not in shares  # forked readers only
        assert (many.stdout, many.stderr) == (alone.stdout, alone.stderr)
        plain = run_benchit_subprocess("triage", *args)  # as many readers as this machine has CPUs
        assert (plain.returncode, plain.stdout, plain.stderr) == (0, alone.stdout, alone.stderr)
    warnings = alone.stderr.splitlines()  # the damaged cache as the baseline: the warnings all the same
    assert warnings == [
        f"benchit: warning: skipped {damaged[0]}: unreadable result (JSONDecodeError: Expecting property name "
        "enclosed in double quotes: line 1 column 2 (char 1))",
        f"benchit: warning: skipped {damaged[1]}: malformed result (device: not a string)",
        f"benchit: warning: skipped {damaged[2]}: not a build record record",
    ]
    clusters = json.loads(_triage_by(2, tmp_path / "json", cache, "--format", "json")[0].stdout)["clusters"]
    ops = {c["op"] for c in clusters}
    assert ops == {"aten::op0", "aten::op1", "aten::op2", "aten::op3", ""}  # "": the scripts' own failures
    assert sum(c["count"] for c in clusters if not c["op"]) == len(range(0, scripts, 7))


@needs_chromium
def test_markdown_and_html_list_every_cluster_and_the_suffix_names_the_format(tmp_path: Path) -> None:
    """``benchit triage -o FILE`` writes the format the suffix names (``--format`` wins): Markdown,
    a table with a row and a section per cluster; HTML, a page with a row per cluster (in Chromium)."""
    cache = _failing_scripts(tmp_path / "cache", 14, seed=3).root
    baseline = _failing_scripts(tmp_path / "baseline", 14, seed=4).root
    compared = _triage(cache, "--baseline", baseline)["clusters"]
    assert len(compared) >= 4  # four causes, on three runtimes

    md = tmp_path / "out" / "triage.md"
    done = run_benchit("triage", cache, "--baseline", baseline, "-o", md)
    assert done.returncode == 0 and done.stdout == f"wrote {md}\n", done.stderr
    text = md.read_text()
    table = [line for line in text.splitlines() if line.startswith("| ")][2:]  # less the head and the rule
    rows = [line.split("|") for line in table]
    assert [row[2].strip(" `") for row in rows] == [c["id"] for c in compared]
    assert [[int(row[i]) for i in (8, 9, 10)] for row in rows] == [[c["new"], c["still"], c["fixed"]] for c in compared]
    for cluster in compared:
        assert f"## `{cluster['id']}`: " in text and f"benchit repro --cache-dir {cache} " in text

    alone = [c["id"] for c in _triage(cache)["clusters"]]
    page_path = tmp_path / "triage.html"
    assert run_benchit("triage", cache, "-o", page_path).returncode == 0
    with headless_page(page_path) as (page, errors):
        ids = page.locator("table tr td:nth-child(2)").all_inner_texts()
        heading = page.locator("h1").inner_text()
    assert errors == [] and heading == "Failure triage" and ids == alone

    plain = tmp_path / "triage.txt"
    assert run_benchit("triage", cache, "--format", "md", "-o", plain).returncode == 0
    assert plain.read_text().startswith("# Failure triage\n")
    assert run_benchit("triage", cache, "--format", "md").stdout == plain.read_text()

    blocked = tmp_path / "a-file"
    blocked.write_text("x")
    done = run_benchit("triage", cache, "-o", blocked / "triage.md")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert str(blocked) in done.stderr and blocked.read_text() == "x"
