"""benchit's train-step median against a hand-written training loop around the same model.

Both sides build the same model from the same seed (ResNet-18 from torchvision, a BERT-base
encoder from ``BertConfig()``, random weights), train it with the same optimizer (SGD, lr 0.01),
the same loss (the mean of each floating-point output, summed) and the same thread count, each
in a fresh process (which side goes first alternates from pair to pair): benchit through ``benchit benchmark --mode train``, the hand-written loop as
``model(x); loss.backward(); opt.step(); opt.zero_grad()`` timed step by step with
``perf_counter`` after a warm-up, Python's cyclic garbage collector kept out of each timed
step as benchit's timing keeps it out of its timed blocks (``--hand-gc-on`` leaves it on), holding benchit's host lock as benchit's measurement does (on a
machine shared with other benchit scans, the lock holds them back for both sides alike). The two alternate in paired rounds (hand, benchit, hand, ...);
the figure is the median over pairs of benchit's median over the hand loop's.
Goal: within 3% (a ratio between 0.97 and 1.03).

    python benchmarks/train_overhead.py [--pairs 5] [--threads 2] [--json FILE]
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from _common import BENCHIT, PYTHON, cache_results, finish, median, parser, timed

GOAL = 0.03
# name -> (how to build the model and its input, batch size)
MODELS = {
    "resnet18": (
        "import torchvision\nmodel = torchvision.models.resnet18()\nx = (torch.randn({batch}, 3, 224, 224),)",
        4,
    ),
    "bert_base": (
        "from transformers import BertConfig, BertModel\n"
        "model = BertModel(BertConfig())\n"
        "x = (torch.randint(0, 30522, ({batch}, 64)),)",
        1,
    ),
}
SCRIPT = """# labels: name::{name} author::benchit task::benchmark
import torch
torch.manual_seed(0)
{build}
model.eval()
with torch.no_grad():
    model(*x)
"""
HAND = """
import gc, statistics, sys, time
import torch
torch.set_num_threads({threads})
torch.manual_seed(0)
{build}
model.train()
opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.01)


def floats(value):
    if isinstance(value, torch.Tensor):
        return [value] if value.is_floating_point() else []
    if isinstance(value, dict):
        return [t for v in value.values() for t in floats(v)]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in floats(v)]
    if hasattr(value, "to_tuple"):
        return floats(value.to_tuple())
    return []


def step():
    loss = sum(t.mean() for t in floats(model(*x)))
    loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)


# benchit measures holding its host lock, which holds back every other benchit process on the
# machine (their scripts take it shared): the hand loop takes it too, or on a machine shared with
# other scans it would race them where benchit does not.
from benchit.measure.hostlock import host_lock

with host_lock(exclusive=True):
    for _ in range({warmup}):
        step()
    times = []
    deadline = time.perf_counter() + {seconds}
    while len(times) < {iterations} or time.perf_counter() < deadline:
        # Python's cyclic garbage collector stays out of each timed step and runs between steps
        # ({gc_between}), as benchit's timing (and timeit) keep it out of timed blocks.
        if {gc_between}:
            gc.disable()
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
        gc.enable()
print(statistics.median(times) * 1000.0)
"""


def hand_loop(name: str, threads: int, seconds: float, folder: Path, gc_between: bool = True) -> float:
    """Median ms of one training step in a hand-written loop, in a fresh process; ``gc_between``:
    the cyclic garbage collector off during each timed step (benchit's rule), else left on."""
    build, batch = MODELS[name]
    path = folder / f"hand_{name}.py"
    code = HAND.format(threads=threads, build=build.format(batch=batch), warmup=5, seconds=seconds, iterations=8,
                       gc_between=gc_between)  # fmt: skip
    path.write_text(code)
    _, done = timed([PYTHON, path])
    return float(done.stdout.strip().splitlines()[-1])


def benchit_step(name: str, threads: int, seconds: float, folder: Path, index: int) -> tuple[float, dict]:
    """benchit's median ms of the train step of the same model, in a fresh scan, and its result."""
    build, batch = MODELS[name]
    script = folder / f"{name}.py"
    script.write_text(SCRIPT.format(name=name, build=build.format(batch=batch)))
    cache = folder / f"cache_{name}_{index}"
    timing = ["--min-time", seconds, "--max-time", seconds * 2, "--min-iterations", 8, "--rounds", 1]
    command = [*BENCHIT, "benchmark", script, "--mode", "train", "--threads", threads, "--cache-dir", cache]
    timed([*command, *timing, "--quiet-wait", "0", "--progress", "none"])
    result = next(r for r in cache_results(cache) if r.get("mode") == "train")
    if result["status"] != "ok":
        raise RuntimeError(f"{name}: the train step ended {result['status']}: {result.get('error')}")
    return float(result["stats"]["median_ms"]), result


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--pairs", type=int, default=5)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--seconds", type=float, default=6.0, help="seconds of timed steps per side and pair")
    p.add_argument("--hand-gc-on", action="store_true", help="leave the garbage collector on in the hand loop's steps")
    args = p.parse_args()
    pairs, seconds = (2, 3.0) if args.quick else (args.pairs, args.seconds)
    models = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in MODELS:
            ratios, hands, ours, contended = [], [], [], 0
            for index in range(pairs):
                # Which side goes first alternates from pair to pair: whatever the first run of a
                # pair meets (a machine settling after the last one) falls on both sides alike.
                if index % 2 == 0:
                    hand = hand_loop(name, args.threads, seconds, folder, not args.hand_gc_on)
                    mine, result = benchit_step(name, args.threads, seconds, folder, index)
                else:
                    mine, result = benchit_step(name, args.threads, seconds, folder, index)
                    hand = hand_loop(name, args.threads, seconds, folder, not args.hand_gc_on)
                hands.append(hand)
                ours.append(mine)
                ratios.append(mine / hand)
                contended += bool(result.get("contended"))
                print(f"{name} pair {index + 1}: hand {hand:.1f} ms, benchit {mine:.1f} ms, ratio {mine / hand:.3f}")
            models[name] = {
                "ratio": median(ratios),
                "ratios": ratios,
                "hand_ms": hands,
                "benchit_ms": ours,
                "benchit_contended_results": contended,
            }
    worst = max(abs(m["ratio"] - 1) for m in models.values())
    result = {
        "goal": f"benchit's train-step median within {GOAL:.0%} of a hand-written loop",
        "threads": args.threads,
        "pairs": pairs,
        "hand_loop_gc": "on during steps" if args.hand_gc_on else "off during each timed step, as benchit's",
        "models": models,
        "passed": worst <= GOAL,
        "headline": ", ".join(f"{n} {m['ratio']:.3f}x" for n, m in models.items()) + " (benchit / hand loop)",
    }
    print(json.dumps(models, indent=2))
    finish("train_overhead", result, args.json)


if __name__ == "__main__":
    main()
