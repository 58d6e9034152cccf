"""A/A under load: the same 20 scripts scanned quiet, beside 1 and beside 2 CPU hogs, then compared.

Nothing changes between the three scans but the machine's load, so every honest verdict is
"no significant change" or "inconclusive". Goal: **zero** faster/slower verdicts in every pairing
(quiet vs 1 hog, quiet vs 2 hogs, 1 hog vs 2 hogs), and every result measured beside 2 hogs is
either flagged ``contended`` or within the compare threshold (5%) of the quiet run's median.

The hogs are ``python -c "while True: pass"`` processes started by this benchmark before the scan
and killed after it. Each scan uses benchit's default timing and threads, with ``--quiet-wait``
(default 60 s here) so that a busy scan spends at most that waiting for a quiet machine.

    python benchmarks/aa_load.py [--count 20] [--quiet-wait 60] [--keep DIR] [--json FILE]
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from _common import (
    BENCHIT,
    Hogs,
    aa_corpus,
    compare_caches,
    finish,
    load_average,
    parser,
    relative,
    timed,
    verdict_counts,
)

THRESHOLD = 0.05  # benchit compare's default --threshold
QUICK_TIMING = ["--min-time", "0.3", "--max-time", "2", "--warmup-time", "0.5", "--rounds", "3"]
LOADS = {"quiet": 0, "1hog": 1, "2hogs": 2}
PAIRINGS = (("quiet", "1hog"), ("quiet", "2hogs"), ("1hog", "2hogs"))


def results_by_invocation(cache: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """Results keyed by (invocation, runtime): the invocation is the end of the build folder's name."""
    found = {}
    for path in sorted(cache.glob("builds/*/results/*/*.json")):
        result = json.loads(path.read_text())
        invocation = path.parent.parent.parent.name.rpartition("_")[2]
        info, stats = result.get("info") or {}, result.get("stats") or {}
        found[(invocation, result["runtime"])] = {
            "status": result["status"],
            "contended": result.get("contended"),
            "reason": info.get("contended_reason"),
            "cpu_wait_fraction": info.get("cpu_wait_fraction"),
            "cpu_pressure": info.get("cpu_pressure"),
            "steal_fraction": info.get("steal_fraction"),
            "runnable_others": info.get("runnable_others"),
            "blocks_discarded": info.get("blocks_discarded"),
            "quiet_wait_s": info.get("quiet_wait_s"),
            "rounds_ms": stats.get("rounds_ms"),
            "median_ms": stats.get("median_ms"),
        }
    return found


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=20, help="scripts of the A/A corpus to scan")
    p.add_argument("--quiet-wait", type=float, default=60.0, help="benchit's --quiet-wait for each scan")
    p.add_argument("--keep", type=Path, default=None, help="keep the three caches in this folder")
    args = p.parse_args()
    scripts = aa_corpus(3 if args.quick else args.count)
    extra = QUICK_TIMING if args.quick else []
    root = Path(tempfile.mkdtemp(prefix="benchit-aa-"))
    scans: dict[str, dict[str, Any]] = {}
    try:
        for name, hogs in LOADS.items():
            cache = root / name
            load_before = load_average()
            with Hogs(hogs):
                elapsed, done = timed(
                    [*BENCHIT, "benchmark", *scripts, "--cache-dir", cache, "--progress", "plain"]
                    + ["--quiet-wait", args.quiet_wait, *extra],
                    check=False,
                )
            results = results_by_invocation(cache)
            scans[name] = {
                "hogs": hogs,
                "scan_s": elapsed,
                "returncode": done.returncode,
                "load_average_before": load_before,
                "results": len(results),
                "ok": sum(r["status"] == "ok" for r in results.values()),
                "contended": sum(bool(r["contended"]) for r in results.values()),
                "quiet_wait_s": sum(r["quiet_wait_s"] or 0.0 for r in results.values()),
            }
            print(
                f"  {name}: {elapsed:.1f} s, {scans[name]['ok']} ok of {len(results)},"
                f" {scans[name]['contended']} contended, waited {scans[name]['quiet_wait_s']:.0f} s"
                f" (load before {load_before:.2f})",
                flush=True,
            )
        evidence = {name: results_by_invocation(root / name) for name in LOADS}
        pairings: dict[str, dict[str, Any]] = {}
        for base, new in PAIRINGS:
            comparison = compare_caches(root / base, root / new)
            wrong = [p for p in comparison["pairs"] if p["verdict"] in ("faster", "slower")]
            fail_on = compare_caches(root / base, root / new, "--fail-on", "slower")["returncode"]
            pairings[f"{base} vs {new}"] = {
                "counts": verdict_counts(comparison),
                "faster_or_slower": len(wrong),
                "fail_on_slower_exit": fail_on,
                "wrong": [
                    {
                        **p,
                        "base_evidence": evidence[base].get((p["key"]["invocation"], p["key"]["runtime"])),
                        "new_evidence": evidence[new].get((p["key"]["invocation"], p["key"]["runtime"])),
                    }
                    for p in wrong
                ],
                "table": comparison["stdout"],
            }
            print(f"  {base} vs {new}: {pairings[f'{base} vs {new}']['counts']}", flush=True)
        # Every result beside 2 hogs: contended, or within the threshold of the quiet run.
        agree, disagree = 0, []
        for key, busy in evidence["2hogs"].items():
            quiet = evidence["quiet"].get(key)
            if busy["status"] != "ok" or not quiet or quiet["status"] != "ok" or busy["contended"]:
                continue
            ratio = busy["median_ms"] / quiet["median_ms"]
            if 1 / (1 + THRESHOLD) <= ratio <= 1 + THRESHOLD:
                agree += 1
            else:
                disagree.append({"invocation": key[0], "ratio": ratio, "quiet": quiet, "busy": busy})
        contended_2 = sum(bool(r["contended"]) for r in evidence["2hogs"].values())
    finally:
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            for name in LOADS:
                if (root / name).exists():
                    shutil.copytree(root / name, args.keep / name, dirs_exist_ok=True)
        shutil.rmtree(root, ignore_errors=True)
    wrong_total = sum(p["faster_or_slower"] for p in pairings.values())
    passed = wrong_total == 0 and not disagree
    counts = "; ".join(
        f"{name}: {', '.join(f'{v} {k}' for k, v in p['counts'].items() if k != 'inconclusive_by_reason')}"
        + (f" ({p['counts']['inconclusive_by_reason']})" if "inconclusive_by_reason" in p["counts"] else "")
        for name, p in pairings.items()
    )
    walls = ", ".join(f"{s['scan_s']:.0f} s" for s in scans.values())
    finish(
        "aa_load",
        {
            "goal": "0 faster/slower verdicts in every pairing; every 2-hog result contended or within 5% of quiet",
            "measured": (
                f"{wrong_total} faster/slower; 2 hogs: {contended_2} contended, {agree} within 5%,"
                f" {len(disagree)} neither"
            ),
            "passed": passed,
            "headline": (
                f"{len(scripts)} scripts scanned quiet / 1 hog / 2 hogs in"
                f" {walls}"
                f" (--quiet-wait {args.quiet_wait:g}{', quick timing' if args.quick else ''});"
                f" verdicts {counts}"
            ),
            "scripts": [relative(s) for s in scripts],
            "quiet_wait": args.quiet_wait,
            "scans": scans,
            "pairings": pairings,
            "two_hogs": {"contended": contended_2, "within_threshold": agree, "neither": disagree},
            "commands": [
                f"python -m benchit benchmark SCRIPTS --cache-dir CACHE --quiet-wait {args.quiet_wait:g}"
                f" {' '.join(extra)}  (quiet, then beside 1 and 2 `python -c 'while True: pass'`)",
                "python -m benchit compare CACHE_A CACHE_B --format json [--fail-on slower]",
            ],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
