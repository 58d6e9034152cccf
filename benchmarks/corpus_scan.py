"""(c) A 20-script corpus scan against the sum of plain ``python script.py`` runs of the same scripts.

Goal: at most 0.5x. Each plain run pays for the interpreter and for importing torch and the
corpus's libraries; benchit's warm worker pays for them once and forks a child per script.
Shown for ``-j 1`` (the goal) and ``-j 2``.

    python benchmarks/corpus_scan.py [SCRIPT ...] [--count 20] [--json FILE]
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from _common import BENCHIT, PYTHON, cache_results, default_corpus, finish, parser, relative, timed

GOAL = 0.5


def scan(scripts: list[Path], jobs: int) -> tuple[float, int]:
    """Wall time of one ``--analyze-only`` scan into a fresh cache, and the models it found."""
    with tempfile.TemporaryDirectory() as cache:
        elapsed, _ = timed(
            [*BENCHIT, "benchmark", *scripts, "--analyze-only", "-j", jobs, "--cache-dir", cache], check=False
        )
        found = len(list(Path(cache).glob("builds/*/build.json")))
        assert not cache_results(Path(cache))  # analyze only: nothing measured
    return elapsed, found


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("scripts", nargs="*", type=Path)
    p.add_argument("--count", type=int, default=20, help="scripts taken from models/ when none are given")
    args = p.parse_args()
    scripts = args.scripts or default_corpus(5 if args.quick else args.count)
    # Untimed: fill the page cache with the libraries both sides load.
    timed([PYTHON, "-c", "import torch, torchvision, torch_geometric"], check=False)
    plain = {}
    failed = []
    for script in scripts:
        elapsed, done = timed([PYTHON, script], check=False)
        plain[relative(script)] = elapsed
        if done.returncode != 0:
            failed.append(relative(script))
    total = sum(plain.values())
    scan1, found1 = scan(scripts, 1)
    scan2, found2 = scan(scripts, 2)
    ratio1, ratio2 = scan1 / total, scan2 / total
    finish(
        "corpus_scan",
        {
            "goal": f"<= {GOAL}x (-j 1)",
            "measured": f"{ratio1:.3f}x (-j 1), {ratio2:.3f}x (-j 2)",
            "passed": ratio1 <= GOAL,
            "headline": (
                f"{len(scripts)}-script scan {scan1:.1f} s (-j 1), {scan2:.1f} s (-j 2) vs plain python sum"
                f" {total:.1f} s: {ratio1:.3f}x, {ratio2:.3f}x (goal <= {GOAL}x)"
            ),
            "scripts": len(scripts),
            "models_found": {"j1": found1, "j2": found2},
            "plain_sum_s": total,
            "scan_j1_s": scan1,
            "scan_j2_s": scan2,
            "ratio_j1": ratio1,
            "ratio_j2": ratio2,
            "plain_s": plain,
            "failed_plain": failed,
            "commands": [
                "python SCRIPT  (for each script; times summed)",
                "python -m benchit benchmark SCRIPT... --analyze-only -j 1 --cache-dir FRESH_TMP_DIR",
                "python -m benchit benchmark SCRIPT... --analyze-only -j 2 --cache-dir FRESH_TMP_DIR",
            ],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
