"""Agreement of ``--mode generate`` with generate() timed by hand: benchit's TTFT and TPOT against
TTFT from ``max_new_tokens=1`` and TPOT from the difference to N tokens, on CPU, one thread
(``--device cuda``: on the GPU, each hand-timed call ended by ``torch.cuda.synchronize()``).

Goal: within 5% for three models of different shapes (a GPT-2, a Llama with grouped-query
attention, a T5 encoder-decoder; random weights). Both sides run in this process on the same
model and prompt with the same protocol (greedy, exactly N new tokens), in paired rounds: each round
measures benchit's way (``bench.benchmark_all`` on the captured ``generate()`` call, eager torch)
and the hand's way one right after the other, the order alternating, so that both see the same
machine; the figure is the median of the rounds' ratios.

The hand's TTFT includes generate()'s wrap-up after its only token, which benchit's stamp does not;
its TPOT is a difference of two medians, so noisier than benchit's per-step median.

    python benchmarks/generate_agreement.py [--rounds 5] [--new-tokens 16] [--device cpu|cuda] [--json FILE]
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch
import transformers
from _common import finish, median, parser

from benchit import keys
from benchit.backends.devices import CPU, CUDA
from benchit.backends.runtimes.torch import TorchEager
from benchit.config import Config, TimingSettings
from benchit.measure.bench import benchmark_all
from benchit.measure.generate import Prompt, protocol
from benchit.measure.placement import Placement
from benchit.scan.capture import Capture

GOAL = 0.05


def models() -> dict[str, Any]:
    """Three shapes: a small GPT-2, a deeper Llama with grouped-query attention, a T5."""
    return {
        "gpt2_2x64": lambda: transformers.GPT2LMHeadModel(
            transformers.GPT2Config(n_layer=2, n_embd=64, n_head=4, vocab_size=1000, n_positions=256)
        ),
        "llama_4x128_gqa": lambda: transformers.LlamaForCausalLM(
            transformers.LlamaConfig(
                vocab_size=1000,
                hidden_size=128,
                intermediate_size=256,
                num_hidden_layers=4,
                num_attention_heads=4,
                num_key_value_heads=2,
                max_position_embeddings=256,
            )
        ),  # fmt: skip
        "t5_2x64": lambda: transformers.T5ForConditionalGeneration(
            transformers.T5Config(
                vocab_size=1000, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_heads=4, decoder_start_token_id=0
            )
        ),
    }


def captured(model: Any, ids: torch.Tensor, new_tokens: int) -> Any:
    """The model's generate() call as benchit's capture records it."""
    capture = Capture()
    with capture:
        model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), max_new_tokens=new_tokens)
    (item,) = capture.captured.values()
    return item


def by_hand(model: Any, ids: torch.Tensor, new_tokens: int, seconds: float) -> tuple[float, float]:
    """TTFT (ms): the median of generate() calls of one new token; TPOT (ms): the median of calls of
    N, less the TTFT, over N - 1. Each side warmed up by two calls, then timed for ``seconds``; on
    a GPU each call is timed to the end of its work (``torch.cuda.synchronize()``)."""
    sync = torch.cuda.synchronize if ids.is_cuda else (lambda: None)

    def median_call(n: int) -> float:
        prompt = Prompt({"input_ids": ids, "attention_mask": torch.ones_like(ids)}, ids.shape[0], ids.shape[1], n, True)
        kwargs = {**prompt.kwargs, **protocol(model, prompt)}
        for _ in range(2):
            model.generate(**kwargs, disable_compile=True)
        sync()
        times: list[float] = []
        end = time.perf_counter() + seconds
        while time.perf_counter() < end or len(times) < 5:
            start = time.perf_counter()
            model.generate(**kwargs, disable_compile=True)
            sync()
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1000

    with torch.inference_mode():
        ttft = median_call(1)
        full = median_call(new_tokens)
    return ttft, (full - ttft) / (new_tokens - 1)


def with_benchit(item: Any, config: Config, device: Any) -> tuple[float, float]:
    """benchit's TTFT and TPOT (ms) of the captured call, eager torch, as a scan measures them."""
    placement = Placement(item, device)
    with tempfile.TemporaryDirectory() as folder:
        (result,) = benchmark_all(placement, [TorchEager()], config, Path(folder), mode="generate")
    if result.info.get(keys.TTFT_MS) is None:
        raise RuntimeError(f"benchit did not measure: {result.status} {result.error}")
    return result.info[keys.TTFT_MS], result.info[keys.TPOT_MS]


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--new-tokens", type=int, default=16)
    p.add_argument("--prompt", type=int, default=32)
    p.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    args = p.parse_args()
    device = CUDA() if args.device == "cuda" else CPU()
    rounds = 1 if args.quick else args.rounds
    seconds = 0.5 if args.quick else 2.0
    timing = TimingSettings(min_time_s=seconds, max_time_s=2 * seconds, rounds=1)
    config = Config(cache_dir=Path(tempfile.gettempdir()), timing=timing, threads=1)
    torch.set_num_threads(1)
    rows = []
    for name, build in models().items():
        torch.manual_seed(0)
        model = build().eval().to(args.device)
        ids = torch.randint(0, 1000, (1, args.prompt), device=args.device)
        item = captured(model, ids, args.new_tokens)
        ours: list[tuple[float, float]] = []
        theirs: list[tuple[float, float]] = []
        for index in range(rounds):
            for side in ("benchit", "hand") if index % 2 == 0 else ("hand", "benchit"):
                if side == "benchit":
                    ours.append(with_benchit(item, config, device))
                else:
                    theirs.append(by_hand(model, ids, args.new_tokens, seconds))
        ttft = [a[0] / b[0] for a, b in zip(ours, theirs, strict=True)]
        tpot = [a[1] / b[1] for a, b in zip(ours, theirs, strict=True)]
        row = {
            "model": name,
            "benchit_ttft_ms": [a[0] for a in ours],
            "hand_ttft_ms": [b[0] for b in theirs],
            "benchit_tpot_ms": [a[1] for a in ours],
            "hand_tpot_ms": [b[1] for b in theirs],
            "ttft_ratio": median(ttft),
            "tpot_ratio": median(tpot),
            "ttft_round_ratios": ttft,
            "tpot_round_ratios": tpot,
        }
        row["agrees"] = abs(row["ttft_ratio"] - 1) <= GOAL and abs(row["tpot_ratio"] - 1) <= GOAL
        rows.append(row)
        print(
            f"  {name}: TTFT benchit {median(row['benchit_ttft_ms']):.3f} ms, hand {median(row['hand_ttft_ms']):.3f} ms,"
            f" ratio {row['ttft_ratio']:.3f}; TPOT benchit {median(row['benchit_tpot_ms']):.3f} ms,"
            f" hand {median(row['hand_tpot_ms']):.3f} ms, ratio {row['tpot_ratio']:.3f}"
        )
    worst = max(max(abs(r["ttft_ratio"] - 1), abs(r["tpot_ratio"] - 1)) for r in rows)
    finish(
        "generate_agreement",
        {
            "goal": f"|benchit / hand - 1| <= {GOAL:.0%} for TTFT and TPOT",
            "passed": worst <= GOAL,
            "headline": "benchit / hand (TTFT, TPOT): "
            + ", ".join(f"{r['model']} {r['ttft_ratio']:.3f}, {r['tpot_ratio']:.3f}" for r in rows)
            + f" (worst {worst:.1%}; {args.device}, 1 thread, prompt {args.prompt}, {args.new_tokens} new tokens)",
            "models": rows,
            "commands": [f"python benchmarks/generate_agreement.py --rounds {args.rounds} --device {args.device}"],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
