"""(a) ``benchit benchmark --analyze-only`` against plain ``python script.py`` on heavy scripts.

Goal: at most 1.2x per script. benchit starts its CLI, a warm worker that imports torch and
the libraries the script uses, and forks a child that runs the script under capture; plain
python imports the same libraries and runs the same script.

    python benchmarks/analyze_only.py [SCRIPT ...] [--repeat 3] [--json FILE]
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from _common import BENCHIT, PYTHON, SCRIPTS, finish, median, parser, relative, timed

GOAL = 1.2
DEFAULT = [SCRIPTS / "resnet50.py", SCRIPTS / "bert_base.py", SCRIPTS / "unet2d.py"]


def benchit_run(script: Path) -> float:
    with tempfile.TemporaryDirectory() as cache:
        elapsed, done = timed([*BENCHIT, "benchmark", script, "--analyze-only", "--cache-dir", cache])
        if not list(Path(cache).glob("builds/*/build.json")):
            raise RuntimeError(f"benchit found no model in {script}:\n{done.stdout}")
    return elapsed


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("scripts", nargs="*", type=Path, default=DEFAULT)
    p.add_argument("--repeat", type=int, default=3, help="timed runs of each side per script (median kept)")
    args = p.parse_args()
    repeat = 1 if args.quick else args.repeat
    rows = []
    for script in args.scripts:
        if not args.quick:  # untimed: fill the page cache for both sides
            timed([PYTHON, script])
            benchit_run(script)
        plain: list[float] = []
        bench: list[float] = []
        for i in range(repeat):
            # Interleaved, alternating which goes first, so load changes hit both sides alike.
            for side in ("plain", "benchit") if i % 2 == 0 else ("benchit", "plain"):
                if side == "plain":
                    plain.append(timed([PYTHON, script])[0])
                else:
                    bench.append(benchit_run(script))
        ratio = median(bench) / median(plain)
        rows.append(
            {
                "script": relative(script),
                "plain_s": plain,
                "benchit_s": bench,
                "plain_median_s": median(plain),
                "benchit_median_s": median(bench),
                "ratio": ratio,
            }
        )
        print(f"  {relative(script)}: plain {median(plain):.2f} s, benchit {median(bench):.2f} s, {ratio:.3f}x")
    worst = max(r["ratio"] for r in rows)
    overall = sum(r["benchit_median_s"] for r in rows) / sum(r["plain_median_s"] for r in rows)
    finish(
        "analyze_only",
        {
            "goal": f"<= {GOAL}x per script",
            "measured": f"{worst:.3f}x worst, {overall:.3f}x overall",
            "passed": worst <= GOAL,
            "headline": f"--analyze-only vs plain python: worst {worst:.3f}x, overall {overall:.3f}x (goal <= {GOAL}x)",
            "repeat": repeat,
            "commands": [
                "python SCRIPT",
                "python -m benchit benchmark SCRIPT --analyze-only --cache-dir FRESH_TMP_DIR",
            ],
            "scripts": rows,
        },
        args.json,
    )


if __name__ == "__main__":
    main()
