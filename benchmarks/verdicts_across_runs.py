"""Verdicts that hold across runs (issue 38): A/A across separate scans, power against them, and the history's step.

Ten standalone corpus scripts of different sizes (sub-millisecond to about 200 ms at one thread on
the 2-vCPU VM: a small Linear up to a conv stack), written into a temporary folder, each a body
applied 4 times in its forward, ``round(4 x factor)`` times where ``BENCHIT_VERDICTS_WORK`` (such
as ``mlp_256=1.5,conv_16=2``) gives the script a factor. Every scan is a real
``benchit benchmark --all --search-dir FOLDER --cache-dir FRESH`` process, one after another, as
nightly runs would be, with ``--threads 1`` and with the default threads (interleaved), on this
machine whatever its load:

1. **A/A**: five scans per thread setting, nothing changed; ``benchit compare`` of all 10 pairs of
   them (100 comparisons of ten models). Goal: no ``faster`` or ``slower`` verdict.
2. **Power**: one more scan per thread setting with one model made 1.5x the work and another 2x
   (the ratio measured, not assumed: in eager PyTorch in this process before the scans, and by
   benchit in every pair), compared against each of the five A/A scans (10 pairs over the two
   settings). Goal: 2x called ``slower`` in every pair, 1.5x in at least 9 of 10.
3. **History**: per thread setting, the five A/A scans as runs 1-5 and five more scans as runs
   6-10, runs 8-10 with the 1.5x model, each published into a fresh SQLite history
   (``benchit publish --run nightly-NN``), then ``benchit history --format json``. Goal: the change
   point of that series at run 8, no other series flagged (no change point, no regression or
   improvement), and at most 10% of the unchanged series ``inconclusive``.

``--quick`` (a smoke run of a few minutes): 3 models, 3 scans, ``--threads 1`` only, history of 6
runs with the step at run 4, short timing. ``--passes N`` and ``--scan-args "..."`` go to every scan
(``--passes`` only when given).

    python benchmarks/verdicts_across_runs.py [--quick] [--scans 5] [--threads 1,default]
        [--passes N] [--scan-args "--quiet-wait 60"] [--keep DIR] [--json FILE]

``--rejudge DIR`` scans nothing: it judges the scans an earlier run kept (``--keep DIR``) again with
today's ``benchit compare`` and ``benchit history`` (a fresh history database each time), so that a
change to the verdicts can be tried on the same measurements. Its JSON says so (``rejudged``).
"""

from __future__ import annotations

import json
import os
import runpy
import shlex
import shutil
import statistics
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path
from typing import Any

from _common import BENCHIT, ENV, RESULTS, cache_results, compare_caches, finish, load_average, parser, timed

WORK_VARIABLE = "BENCHIT_VERDICTS_WORK"
REPEATS = 4  # the body's applications at factor 1: 1.5x and 2x are exactly 6 and 8
# name -> (the repeated body, the input), smallest first. Eager, one thread, on the 2-vCPU development
# VM (2026-11-27, load average 3.4): 0.099, 0.445, 1.34, 2.75, 4.42, 11.3, 20.6, 47.9, 122 and 210 ms.
MODELS = {
    "linear_16": ("torch.nn.Linear(16, 16)", "torch.randn(batch_size, 16)"),
    "mlp_256": ("torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.Tanh())", "torch.randn(8 * batch_size, 256)"),
    "conv_16": (
        "torch.nn.Sequential(torch.nn.Conv2d(16, 16, 3, padding=1), torch.nn.ReLU())",
        "torch.randn(batch_size, 16, 32, 32)",
    ),
    "mlp_512": ("torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.Tanh())", "torch.randn(32 * batch_size, 512)"),
    "attention_128": (
        "torch.nn.TransformerEncoderLayer(128, 4, 256, dropout=0.0, batch_first=True)",
        "torch.randn(batch_size, 64, 128)",
    ),
    "conv_32": (
        "torch.nn.Sequential(torch.nn.Conv2d(32, 32, 3, padding=1), torch.nn.ReLU())",
        "torch.randn(batch_size, 32, 64, 64)",
    ),
    "mlp_1024": (
        "torch.nn.Sequential(torch.nn.Linear(1024, 1024), torch.nn.Tanh())",
        "torch.randn(64 * batch_size, 1024)",
    ),
    "attention_256": (
        "torch.nn.TransformerEncoderLayer(256, 4, 512, dropout=0.0, batch_first=True)",
        "torch.randn(batch_size, 256, 256)",
    ),
    "conv_64": (
        "torch.nn.Sequential(torch.nn.Conv2d(64, 64, 3, padding=1), torch.nn.ReLU())",
        "torch.randn(batch_size, 64, 112, 112)",
    ),
    "conv_stack_128": (
        "torch.nn.Sequential(torch.nn.Conv2d(128, 128, 3, padding=1), torch.nn.ReLU())",
        "torch.randn(batch_size, 128, 80, 80)",
    ),
}
QUICK_MODELS = ("linear_16", "mlp_256", "conv_16")
# Made 1.5x and 2x the work (the first also steps in the history): models whose time follows their
# work in benchit's own scans (--threads 1, --quick timing, one process each, 2026-11-27; each scan's
# median over the mean of the scans at x1): mlp_256 at x1.5 read x1.51 to x1.54 in three scans,
# conv_16 at x2 x1.94 to x2.03 in two; conv_32 at x1.5 read x1.29 to x1.52 in four (x1.44 to x1.54 in
# eager), mlp_512 x1.34 to x1.56 in four, attention_128 x1.48 to x1.63 in three.
SLOWER_15, SLOWER_2 = "mlp_256", "conv_16"
QUICK_TIMING = ["--min-time", "0.3", "--max-time", "2", "--warmup-time", "0.5", "--rounds", "3"]
TEMPLATE = '''# labels: name::{name} author::benchit task::test test_group::verdicts
"""
{name}: a body applied {repeats} times in the forward, round({repeats} x factor) times where
${variable} ("{name}=1.5,...") gives this script a factor. Written by benchmarks/verdicts_across_runs.py.
"""

import os

import torch

from benchit.parser import parse

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])
FACTORS = dict(item.split("=") for item in os.environ.get("{variable}", "").split(",") if item)
REPEATS = round({repeats} * float(FACTORS.get("{name}", 1)))


class Repeated(torch.nn.Module):
    def __init__(self, body: torch.nn.Module, repeats: int) -> None:
        super().__init__()
        self.body = body
        self.repeats = repeats

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for _ in range(self.repeats):
            x = self.body(x)
        return x


model = Repeated({body}, REPEATS).eval()
inputs = {inputs}
with torch.no_grad():
    model(inputs)
'''


def write_corpus(folder: Path, names: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        body, inputs = MODELS[name]
        text = TEMPLATE.format(name=name, repeats=REPEATS, variable=WORK_VARIABLE, body=body, inputs=inputs)
        (folder / f"{name}.py").write_text(text)


def work(factors: dict[str, float]) -> str:
    return ",".join(f"{name}={factor:g}" for name, factor in factors.items())


def eager_ratio(script: Path, factor: float, threads: str, seconds: float = 3.0) -> float:
    """The script's model at ``factor`` against factor 1 in eager PyTorch, in this process: alternating
    blocks of about 0.15 s, the median of the ratios of each pair of blocks' medians (so that the
    machine's drift between pairs cancels)."""
    import torch

    default_threads = torch.get_num_threads()
    models = []
    argv, saved = sys.argv, os.environ.get(WORK_VARIABLE)
    try:
        sys.argv = [str(script)]
        for f in (1.0, factor):
            os.environ[WORK_VARIABLE] = work({script.stem: f})
            found = runpy.run_path(str(script))
            models.append((found["model"], found["inputs"]))
    finally:
        sys.argv = argv
        if saved is None:
            os.environ.pop(WORK_VARIABLE, None)
        else:
            os.environ[WORK_VARIABLE] = saved
    if threads != "default":
        torch.set_num_threads(int(threads))
    blocks: list[list[float]] = [[], []]
    try:
        with torch.no_grad():
            for model, inputs in models:
                model(inputs)  # warm-up
            end = time.perf_counter() + seconds
            while time.perf_counter() < end or len(blocks[1]) < 3:
                for side, (model, inputs) in enumerate(models):
                    times = []
                    block_end = time.perf_counter() + seconds / 20
                    while time.perf_counter() < block_end or len(times) < 3:
                        start = time.perf_counter()
                        model(inputs)
                        times.append(time.perf_counter() - start)
                    blocks[side].append(statistics.median(times))
    finally:
        torch.set_num_threads(default_threads)
    return statistics.median([scaled / base for base, scaled in zip(blocks[0], blocks[1], strict=True)])


class Scanner:
    """Each scan a ``benchit benchmark --all`` process of its own into a fresh cache under ``root``."""

    def __init__(self, corpus: Path, root: Path, timing: list[str], passes: int | None, scan_args: str) -> None:
        self.corpus, self.root, self.timing = corpus, root, timing
        self.extra = (["--passes", str(passes)] if passes is not None else []) + shlex.split(scan_args)
        self.log: list[dict[str, Any]] = []

    def __call__(self, name: str, threads: str, factors: dict[str, float] | None = None) -> Path:
        cache = self.root / name
        command = [*BENCHIT, "benchmark", "--all", "--search-dir", self.corpus, "--cache-dir", cache]
        command += ["--progress", "none", *([] if threads == "default" else ["--threads", threads])]
        command += [*self.timing, *self.extra]
        load = load_average()
        elapsed, done = timed(command, check=False, env={**ENV, WORK_VARIABLE: work(factors or {})})
        results = cache_results(cache) if cache.exists() else []
        entry = {
            "scan": name,
            "threads": threads,
            "work": work(factors or {}),
            "scan_s": elapsed,
            "returncode": done.returncode,
            "load_average_before": load,
            "results": len(results),
            "ok": sum(r.get("status") == "ok" for r in results),
            "contended": sum(bool(r.get("contended")) for r in results),
        }
        self.log.append(entry)
        print(
            f"  scan {name} (--threads {threads}{', ' + entry['work'] if factors else ''}): {elapsed:.0f} s,"
            f" {entry['ok']} ok of {len(results)}, {entry['contended']} contended, load before {load:.2f}",
            flush=True,
        )
        if not results:
            raise RuntimeError(f"scan {name} left no results ({done.returncode}):\n{done.stdout}\n{done.stderr}")
        return cache


def stem(pair: dict[str, Any]) -> str:
    """The script's name of a compare pair (``model`` is its relative path, then the model class)."""
    return Path(pair["model"].split()[0]).stem


def tally(pairs: list[dict[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for pair in pairs:
        counts[pair["verdict"]] = counts.get(pair["verdict"], 0) + 1
    return counts


def brief(pair: dict[str, Any]) -> dict[str, Any]:
    """What a verdict rests on, for the JSON."""
    change = pair.get("change") or {}
    base, new = pair.get("base_median_ms"), pair.get("new_median_ms")
    return {
        "model": stem(pair),
        "verdict": pair["verdict"],
        "reason": pair["reason"],
        "median_ratio": new / base if base and new else None,
        "ratio": change.get("ratio"),
        "ratio_ci": [change.get("ratio_low"), change.get("ratio_high")],
        "p_value": change.get("p_value"),
        "base_median_ms": base,
        "new_median_ms": new,
        "contended": [pair.get("base_contended"), pair.get("new_contended")],
    }


def aa(caches: list[Path]) -> dict[str, Any]:
    """All pairs of the A/A scans compared: verdicts per pair, and every faster/slower with its evidence."""
    rows, wrong, total, medians = [], [], {}, {}
    for i, j in combinations(range(len(caches)), 2):
        pairs = compare_caches(caches[i], caches[j])["pairs"]
        if i == 0 and j == 1:
            medians = {stem(p): p["base_median_ms"] for p in pairs}
        counts = tally(pairs)
        for verdict, n in counts.items():
            total[verdict] = total.get(verdict, 0) + n
        wrong += [{"scans": [i + 1, j + 1], **brief(p)} for p in pairs if p["verdict"] in ("faster", "slower")]
        reasons = [f"{stem(p)}: {p['reason']}" for p in pairs if p["verdict"] == "inconclusive"]
        rows.append({"scans": [i + 1, j + 1], "verdicts": counts, "inconclusive": reasons})
    return {
        "comparisons": sum(total.values()),
        "verdicts": total,
        "faster_or_slower": wrong,
        "pairs": rows,
        "first_scan_medians_ms": medians,
    }


def power(aa_caches: list[Path], power_cache: Path) -> dict[str, Any]:
    """The power scan against each A/A scan: the verdicts of the 1.5x and 2x models, and the others'."""
    rows, others = [], {}
    for i, cache in enumerate(aa_caches):
        pairs = compare_caches(cache, power_cache)["pairs"]
        found = {stem(p): p for p in pairs}
        rows.append({"scan": i + 1, "x1.5": brief(found[SLOWER_15]), "x2": brief(found[SLOWER_2])})
        for verdict, n in tally([p for p in pairs if stem(p) not in (SLOWER_15, SLOWER_2)]).items():
            others[verdict] = others.get(verdict, 0) + n
    return {"pairs": rows, "unchanged_models": others}


def history(caches: list[Path], db: Path, step_run: int) -> dict[str, Any]:
    """Publish each cache as run ``nightly-NN`` into ``db``, then ``benchit history``: the step's series,
    the other series flagged, and the inconclusive ones."""
    for run, cache in enumerate(caches, 1):
        timed([*BENCHIT, "publish", cache, "--db", db, "--run", f"nightly-{run:02d}"])
    out = db.with_suffix(".json")
    timed([*BENCHIT, "history", "--db", db, "--format", "json", "-o", out], check=False)
    series = json.loads(out.read_text())["series"]
    keep = ("verdict", "reason", "ratio", "change_point_run", "change_point_ratio", "runs", "latest_median_ms")
    by_model = {Path(s["script"]).stem: {k: s.get(k) for k in keep} for s in series}
    step = by_model.get(SLOWER_15, {})
    others = {name: s for name, s in by_model.items() if name != SLOWER_15}
    flagged = {
        name: s
        for name, s in others.items()
        if s["change_point_run"] or s["verdict"] in ("regression", "improvement", "failing")
    }
    inconclusive = [name for name, s in others.items() if s["verdict"] == "inconclusive"]
    found = step.get("change_point_run") == f"nightly-{step_run:02d}"
    return {
        "series": by_model,
        "step_found": found,
        "step": step,
        "flagged": flagged,
        "inconclusive": inconclusive,
        "unchanged": len(others),
        "passed": found and not flagged and len(inconclusive) <= 0.1 * len(others),
    }


def counts_text(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {verdict}" for verdict, n in sorted(counts.items())) or "none"


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--scans", type=int, default=None, help="A/A scans per thread setting (default 5, --quick 3)")
    p.add_argument("--threads", default=None, help="thread settings, comma-separated (default 1,default; --quick 1)")
    p.add_argument("--passes", type=int, default=None, help="benchit benchmark's --passes, when given")
    p.add_argument("--scan-args", default="", help="more arguments for every scan, e.g. '--quiet-wait 60'")
    p.add_argument("--keep", type=Path, default=None, help="keep the scripts, caches and histories in this folder")
    p.add_argument("--rejudge", type=Path, default=None, help="judge the scans kept in this folder again; scan nothing")
    args = p.parse_args()
    started = time.perf_counter()
    kept = args.rejudge
    if kept and not (kept / "corpus").is_dir():
        raise SystemExit(f"--rejudge {kept}: no kept run there (no corpus folder; see --keep)")
    found_scans = len(list(kept.glob("t*-aa*"))) if kept else 0
    found_settings = sorted({d.name[1:].split("-")[0] for d in kept.glob("t*-aa1")}) if kept else []
    scans = args.scans or (found_scans // max(1, len(found_settings)) if kept else 3 if args.quick else 5)
    settings = args.threads.split(",") if args.threads else found_settings or ["1"] if args.quick else ["1", "default"]
    names = list(QUICK_MODELS if args.quick else MODELS)
    history_runs, step_run = 2 * scans, 2 * scans - 2  # 10 runs, 1.5x from run 8; quick: 6, from 4
    json_path = args.json or RESULTS / f"verdicts_across_runs{'_quick' if args.quick else ''}.json"
    root = Path(tempfile.mkdtemp(prefix="benchit-verdicts-"))
    corpus = root / "corpus"
    write_corpus(corpus, names)
    scan = Scanner(corpus, root, QUICK_TIMING if args.quick else [], args.passes, args.scan_args)
    eager: dict[str, dict[str, float | None]] = {t: {"x1.5": None, "x2": None} for t in settings}
    caches: dict[str, list[Path]] = {threads: [] for threads in settings}
    try:
        if kept:
            print(f"judging the scans kept in {kept} again (nothing is scanned)", flush=True)
            for threads in settings:
                caches[threads] = [kept / f"t{threads}-aa{i + 1}" for i in range(scans)]
                caches[threads] += [kept / f"t{threads}-run{r:02d}" for r in range(scans + 1, history_runs + 1)]
            power_caches = {t: kept / f"t{t}-power" for t in settings}
            missing = [c for c in [*power_caches.values(), *sum(caches.values(), [])] if not c.is_dir()]
            if missing:
                raise SystemExit(f"--rejudge {kept}: {len(missing)} kept scans are missing, such as {missing[0].name}")
        else:
            print(f"eager ratios of {SLOWER_15} x1.5 and {SLOWER_2} x2 (this process):", flush=True)
            for threads in settings:
                eager[threads] = {
                    "x1.5": eager_ratio(corpus / f"{SLOWER_15}.py", 1.5, threads),
                    "x2": eager_ratio(corpus / f"{SLOWER_2}.py", 2.0, threads),
                }
                print(f"  --threads {threads}: x1.5 -> {eager[threads]['x1.5']:.3f},"
                      f" x2 -> {eager[threads]['x2']:.3f}", flush=True)  # fmt: skip
            for i in range(scans):
                for threads in settings:
                    caches[threads].append(scan(f"t{threads}-aa{i + 1}", threads))
            power_caches = {t: scan(f"t{t}-power", t, {SLOWER_15: 1.5, SLOWER_2: 2.0}) for t in settings}
            for run in range(scans + 1, history_runs + 1):
                for threads in settings:
                    factors = {SLOWER_15: 1.5} if run >= step_run else {}
                    caches[threads].append(scan(f"t{threads}-run{run:02d}", threads, factors))
        results: dict[str, dict[str, Any]] = {}
        for threads in settings:
            print(f"--threads {threads}:", flush=True)
            a = aa(caches[threads][:scans])
            sizes = ", ".join(f"{name} {ms:.3g}" for name, ms in a["first_scan_medians_ms"].items() if ms)
            print(f"  medians of scan 1 (ms): {sizes}")
            print(f"  A/A, {a['comparisons']} comparisons: {counts_text(a['verdicts'])}")
            print(f"  {'scans':>7}  {'faster':>6} {'slower':>6} {'no change':>9} {'inconcl.':>8}  inconclusive")
            for row in a["pairs"]:
                v = row["verdicts"]
                print(
                    f"  {row['scans'][0]:>3} v {row['scans'][1]:<1}  {v.get('faster', 0):>6} {v.get('slower', 0):>6}"
                    f" {v.get('no significant change', 0):>9} {v.get('inconclusive', 0):>8}  {'; '.join(row['inconclusive'])}"
                )
            for w in a["faster_or_slower"]:
                print(
                    f"    WRONG scans {w['scans']}: {w['model']} {w['verdict']} x{w['median_ratio'] or 0:.3f} {w['ratio_ci']}"
                )
            pw = power(caches[threads][:scans], power_caches[threads])
            for row in pw["pairs"]:
                print(
                    f"  power vs scan {row['scan']}: {SLOWER_15} x1.5 {row['x1.5']['verdict']}"
                    f" (measured x{row['x1.5']['median_ratio'] or 0:.3f}), {SLOWER_2} x2 {row['x2']['verdict']}"
                    f" (measured x{row['x2']['median_ratio'] or 0:.3f})"
                )
            print(f"  power scans' unchanged models: {counts_text(pw['unchanged_models'])}")
            h = history(caches[threads], root / f"history-t{threads}.db", step_run)
            print(
                f"  history of {history_runs} runs ({SLOWER_15} x1.5 from run {step_run}): change point"
                f" {h['step'].get('change_point_run')} ({h['step'].get('change_point_ratio') or 0:.2f}x),"
                f" verdict {h['step'].get('verdict')}; flagged besides: {sorted(h['flagged']) or 'none'};"
                f" inconclusive {len(h['inconclusive'])} of {h['unchanged']} unchanged",
                flush=True,
            )
            results[threads] = {"eager_ratio": eager[threads], "aa": a, "power": pw, "history": h}
    finally:
        if args.keep and not kept:
            shutil.copytree(root, args.keep, dirs_exist_ok=True)
        shutil.rmtree(root, ignore_errors=True)
    wall = time.perf_counter() - started
    wrong = sum(len(r["aa"]["faster_or_slower"]) for r in results.values())
    comparisons = sum(r["aa"]["comparisons"] for r in results.values())
    power_rows = [row for r in results.values() for row in r["power"]["pairs"]]
    slower_15 = sum(row["x1.5"]["verdict"] == "slower" for row in power_rows)
    slower_2 = sum(row["x2"]["verdict"] == "slower" for row in power_rows)
    histories_ok = sum(r["history"]["passed"] for r in results.values())
    passed = wrong == 0 and slower_2 == len(power_rows) and slower_15 >= 0.9 * len(power_rows)
    passed = passed and histories_ok == len(results)
    measured_15 = statistics.median(row["x1.5"]["median_ratio"] or 0.0 for row in power_rows)
    measured_2 = statistics.median(row["x2"]["median_ratio"] or 0.0 for row in power_rows)
    per_setting = "; ".join(
        f"--threads {t}: A/A {counts_text(r['aa']['verdicts'])}; history step at"
        f" {r['history']['step'].get('change_point_run')}, {len(r['history']['flagged'])} other flagged,"
        f" {len(r['history']['inconclusive'])}/{r['history']['unchanged']} inconclusive"
        for t, r in results.items()
    )
    print(f"total wall time {wall:.0f} s ({wall / 60:.1f} min) for {len(scan.log)} scans")
    finish(
        "verdicts_across_runs",
        {
            "goal": (
                "0 faster/slower among the A/A comparisons; 2x slower in every power pair, 1.5x in >= 90%;"
                f" history: the step found at run {step_run}, nothing else flagged, <= 10% of the unchanged"
                " series inconclusive"
            ),
            "measured": (
                f"{wrong} faster/slower of {comparisons}; x1.5 slower {slower_15}/{len(power_rows)}"
                f" (measured x{measured_15:.3f}), x2 {slower_2}/{len(power_rows)} (x{measured_2:.3f});"
                f" history met in {histories_ok} of {len(results)} thread settings"
            ),
            "passed": passed,
            "headline": (
                f"{len(names)} models x {scans} scans, threads {','.join(settings)}"
                f"{', quick timing' if args.quick else ''}, {len(scan.log)} scans in {wall / 60:.1f} min"
                f"{f' (rejudged: {kept})' if kept else ''}; {per_setting}"
            ),
            "wall_s": wall,
            **({"rejudged": f"the scans kept in {kept}, judged again with this benchit"} if kept else {}),
            "models": names,
            "slower_models": {"x1.5": SLOWER_15, "x2": SLOWER_2},
            "settings": settings,
            "scan_options": [*scan.timing, *scan.extra],
            "history_runs": history_runs,
            "step_run": step_run,
            "scans": scan.log,
            "results": results,
            "commands": [
                "python -m benchit benchmark --all --search-dir CORPUS --cache-dir FRESH [--threads 1]"
                f" {' '.join([*scan.timing, *scan.extra])} [with {WORK_VARIABLE}=...]",
                "python -m benchit compare A B --format json",
                "python -m benchit publish CACHE --db DB --run nightly-NN",
                "python -m benchit history --db DB --format json",
            ],
        },
        json_path,
    )


if __name__ == "__main__":
    main()
