"""(d) Re-running an unchanged scan against its first run.

Goal: the re-run takes at most 5% of the first run's time and executes no script: every
script is found complete in the cache (its digest, arguments and benchit version unchanged)
and no warm worker is even started. Shown for an ``--analyze-only`` scan (the harder case,
since its first run is the shortest) and for a measured scan with short timing settings.

    python benchmarks/rerun.py [SCRIPT ...] [--count 20] [--json FILE]
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from _common import BENCHIT, default_corpus, finish, parser, timed

GOAL = 0.05
FAST = ["--min-time", "0.1", "--max-time", "0.5", "--warmup-time", "0.5"]


def snapshot(cache: Path) -> dict[str, bytes]:
    """Every file of the cache's script records and results, to show that a re-run changed none."""
    files = [*cache.glob("scripts/*.json"), *cache.glob("builds/*/results/*/*.json")]
    return {str(p.relative_to(cache)): p.read_bytes() for p in sorted(files)}


def first_and_again(scripts: list[Path], extra: list[str]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder)
        command = [*BENCHIT, "benchmark", *scripts, "--cache-dir", cache, *extra]
        first, _ = timed(command, check=False)
        before = snapshot(cache)
        again, done = timed(command, check=False)
        skipped = sum(line.startswith("[skip]") for line in done.stdout.splitlines())
        return {
            "first_s": first,
            "rerun_s": again,
            "ratio": again / first,
            "scripts_skipped": skipped,
            "cache_unchanged": snapshot(cache) == before,
        }


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("scripts", nargs="*", type=Path)
    p.add_argument("--count", type=int, default=20)
    args = p.parse_args()
    scripts = args.scripts or default_corpus(5 if args.quick else args.count)
    analyze = first_and_again(scripts, ["--analyze-only"])
    measured = first_and_again(scripts, FAST)
    nothing_ran = all(r["scripts_skipped"] == len(scripts) and r["cache_unchanged"] for r in (analyze, measured))
    finish(
        "rerun",
        {
            "goal": f"<= {GOAL:.0%} of the first run, no script executed",
            "measured": f"{analyze['ratio']:.2%} (analyze only), {measured['ratio']:.2%} (measured)",
            "passed": analyze["ratio"] <= GOAL and measured["ratio"] <= GOAL and nothing_ran,
            "headline": (
                f"unchanged re-run of {len(scripts)} scripts: {analyze['rerun_s']:.2f} s vs {analyze['first_s']:.1f} s"
                f" = {analyze['ratio']:.2%} (--analyze-only); {measured['rerun_s']:.2f} s vs {measured['first_s']:.1f} s"
                f" = {measured['ratio']:.2%} (measured); {'no' if nothing_ran else 'SOME'} script executed again"
            ),
            "analyze_only": analyze,
            "measured_scan": measured,
            "scripts": len(scripts),
            "commands": [
                "python -m benchit benchmark SCRIPT... --analyze-only --cache-dir FRESH_TMP_DIR  (twice)",
                f"python -m benchit benchmark SCRIPT... {' '.join(FAST)} --cache-dir FRESH_TMP_DIR  (twice)",
            ],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
