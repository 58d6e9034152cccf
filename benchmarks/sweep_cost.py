"""(g) What a sweep costs: a 2x2 sweep in one command against the same four points as four commands.

A sweep pays one script run per parameter set, not one per precision (or runtime): the script
runs, its models are captured, then measured in every precision. Here, ``--sweep batch_size=1,8
--precision fp32,bf16`` (two script runs per script, four measurements per model) against four
separate ``benchit benchmark --script-args "--batch_size B" --precision P`` commands (four script
runs per script, four start-ups). Goal: the sweep takes at most 0.8 of the four commands' time.

    python benchmarks/sweep_cost.py [SCRIPT ...] [--rounds 2] [--json FILE]
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from _common import BENCHIT, REPO, cache_results, finish, median, parser, timed

GOAL = 0.8
BATCH_SIZES = ("1", "8")
PRECISIONS = ("fp32", "bf16")
TIMING = ["--min-time", "0", "--max-time", "0.3", "--min-iterations", "16", "--warmup-time", "0.3"]
DEFAULT = ["mlp.py", "small_cnn.py", "tiny_transformer.py"]


def one_round(scripts: list[Path]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        sweep = [
            *BENCHIT, "benchmark", *scripts, "--cache-dir", root / "sweep", *TIMING,
            "--sweep", f"batch_size={','.join(BATCH_SIZES)}", "--precision", ",".join(PRECISIONS),
        ]  # fmt: skip
        sweep_s, _ = timed(sweep)
        sweep_results = len(cache_results(root / "sweep"))
        separate_s, separate_results = 0.0, 0
        for batch in BATCH_SIZES:
            for precision in PRECISIONS:
                cache = root / f"b{batch}-{precision}"
                command = [
                    *BENCHIT, "benchmark", *scripts, "--cache-dir", cache, *TIMING,
                    "--script-args", f"--batch_size {batch}", "--precision", precision,
                ]  # fmt: skip
                elapsed, _ = timed(command)
                separate_s += elapsed
                separate_results += len(cache_results(cache))
    return {
        "sweep_s": sweep_s,
        "separate_s": separate_s,
        "ratio": sweep_s / separate_s,
        "results": {"sweep": sweep_results, "separate": separate_results},
    }


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("scripts", nargs="*", type=Path, help=f"scripts (default: models/selftest/{{{','.join(DEFAULT)}}})")
    p.add_argument("--rounds", type=int, default=2)
    args = p.parse_args()
    scripts = args.scripts or [REPO / "models" / "selftest" / name for name in DEFAULT]
    rounds = [one_round(scripts) for _ in range(1 if args.quick else args.rounds)]
    ratio = median([r["ratio"] for r in rounds])
    same = all(r["results"]["sweep"] == r["results"]["separate"] for r in rounds)
    finish(
        "sweep_cost",
        {
            "headline": f"2x2 sweep / four commands = {ratio:.2f} (goal <= {GOAL}), "
            f"{rounds[0]['results']['sweep']} results each way",
            "passed": ratio <= GOAL and same,
            "goal": GOAL,
            "ratio": ratio,
            "scripts": [str(s.relative_to(REPO)) if s.is_relative_to(REPO) else str(s) for s in scripts],
            "rounds": rounds,
        },
        args.json,
    )


if __name__ == "__main__":
    main()
