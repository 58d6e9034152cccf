"""Overhead of ``--mode generate``: the wall time of a generate scan of one model against the same
generate() calls timed by hand, side by side.

Goal: the scan costs at most 1.5x the hand's time. The scan is ``benchit benchmark SCRIPT --mode
generate --runtime torch`` in a fresh cache (``--calibrate never``: a machine's noise floor is
measured once, not per scan), the whole command timed. The hand is a fresh Python process that
imports torch and transformers, builds the same model (random weights) and makes as many greedy
generate() calls of exactly N tokens as the scan made (its cold call, warm-up and timed
iterations, from the result's ``Stats``; its rounds included: the same number of rounds, the calls
split among them), each timed with ``perf_counter``; the whole process timed. The two alternate,
``--repeats`` times each; the figure is the ratio of the medians of their wall times. A contended
block the scan discards and measures again is the scan's cost: its calls are not repeated by hand.

    python benchmarks/generate_overhead.py [--repeats 3] [--new-tokens 16] [--prompt 32] [--json FILE]
"""

from __future__ import annotations

import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

from _common import BENCHIT, PYTHON, cache_results, finish, median, parser, timed

GOAL = 1.5

MODEL = """
import os
os.environ.setdefault("HF_HUB_OFFLINE", "1")
import torch
import transformers

torch.manual_seed(0)
config = transformers.GPT2Config(n_layer=4, n_embd=128, n_head=4, vocab_size=1000, n_positions=512)
model = transformers.GPT2LMHeadModel(config).eval()
ids = torch.randint(0, 1000, (1, PROMPT))
mask = torch.ones_like(ids)
"""
SCRIPT = (
    MODEL
    + """
model.generate(ids, attention_mask=mask, max_new_tokens=NEW, do_sample=False, pad_token_id=0)
"""
)
# The same calls by hand: greedy, exactly N tokens, an explicit pad token (benchit's protocol), in rounds.
HAND = (
    MODEL
    + """
import sys, time
torch.set_num_threads(THREADS)
calls, rounds = int(sys.argv[1]), int(sys.argv[2])
kwargs = dict(attention_mask=mask, max_new_tokens=NEW, min_new_tokens=NEW, do_sample=False, num_beams=1,
              pad_token_id=0, use_cache=True)
times = []
with torch.inference_mode():
    for r in range(rounds):
        for _ in range(calls // rounds + (r < calls % rounds)):
            start = time.perf_counter()
            model.generate(ids, **kwargs)
            times.append(time.perf_counter() - start)
times.sort()
print(f"{len(times)} calls, median {times[len(times) // 2] * 1000:.3f} ms")
"""
)


def scan(script: Path, folder: Path, options: list[str]) -> tuple[float, dict[str, Any]]:
    """One generate scan in a fresh cache: its wall time and its one result."""
    cache = folder / f"cache-{len(list(folder.glob('cache-*')))}"
    command = [*BENCHIT, "benchmark", script, "--mode", "generate", "--runtime", "torch", "--cache-dir", cache,
               "--calibrate", "never", "--progress", "none", *options]  # fmt: skip
    seconds, _ = timed(command)
    (result,) = cache_results(cache)
    if result["status"] != "ok":
        raise RuntimeError(f"the scan did not measure: {result['status']} {result.get('error')}")
    return seconds, result


def shape(result: dict[str, Any]) -> list[int]:
    """The generate() calls a scan made (its cold call, warm-up and timed iterations) and its rounds."""
    stats = result["stats"]
    return [1 + int(stats["warmup_iterations"]) + int(stats["iterations"]), len(stats.get("rounds_ms") or ()) or 1]


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--new-tokens", type=int, default=16)
    p.add_argument("--prompt", type=int, default=32)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--options", default="", help="more options for benchit benchmark (timing)")
    args = p.parse_args()
    repeats = 1 if args.quick else args.repeats
    options = ["--threads", str(args.threads), *args.options.split()]
    if args.quick:
        options += ["--min-time", "0", "--max-time", "0.5", "--warmup-time", "0.2"]
    fill = {"PROMPT": str(args.prompt), "NEW": str(args.new_tokens), "THREADS": str(args.threads)}

    def filled(text: str) -> str:
        for key, value in fill.items():
            text = text.replace(key, value)
        return textwrap.dedent(text)

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        script, hand = folder / "gpt2_generate.py", folder / "hand.py"
        script.write_text(filled(SCRIPT))
        hand.write_text(filled(HAND))
        scans: list[float] = []
        hands: list[float] = []
        rows = []
        last: list[int] = []  # the calls and rounds of the latest scan
        for index in range(repeats):
            # Alternating which runs first, so that a drift of the machine hits both alike; the
            # hand makes the calls of the latest scan.
            if index % 2 == 0:
                seconds, result = scan(script, folder, options)
                last = shape(result)
                by_hand, done = timed([PYTHON, hand, *last])
            else:
                by_hand, done = timed([PYTHON, hand, *last])
                seconds, result = scan(script, folder, options)
                last = shape(result)  # this scan's, for the next repeat's hand (its own are in "hand")
            scans.append(seconds)
            hands.append(by_hand)
            rows.append({"scan_s": seconds, "hand_s": by_hand, "ratio": seconds / by_hand, "scan_calls": last[0],
                         "rounds": last[1], "blocks_discarded": result["info"].get("blocks_discarded"),
                         "hand": done.stdout.strip(), "e2e_ms": result["stats"]["median_ms"],
                         # where the scan's time went, besides the calls the hand makes too
                         "warmup_s": result["stats"].get("warmup_time_s"),
                         "measure_s": result["stats"].get("measure_time_s"),
                         **{k: result["info"].get(k) for k in ("prepare_s", "first_step_s", "first_generate_s",
                                                               "quiet_wait_s")}})  # fmt: skip
            print(f"  repeat {index + 1}: scan {seconds:.1f} s, hand {by_hand:.1f} s ({rows[-1]['hand']}), "
                  f"ratio {seconds / by_hand:.2f}", file=sys.stderr)  # fmt: skip
    ratio = median(scans) / median(hands)
    finish(
        "generate_overhead",
        {
            "goal": f"scan / hand <= {GOAL}",
            "passed": ratio <= GOAL,
            "headline": f"scan {median(scans):.1f} s, hand {median(hands):.1f} s, ratio {ratio:.2f} (GPT-2 4x128, "
            f"prompt {args.prompt}, {args.new_tokens} new tokens, {args.threads} thread(s), {repeats} repeats)",
            "repeats": rows,
            "commands": [" ".join(["python benchmarks/generate_overhead.py", *sys.argv[1:]])],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
