import os as _os
from pathlib import Path as _Path
DIR = _Path(_os.environ.get("OB_DIR", "/tmp/optimum-compare"))  # the model, reports and logs
DIR.mkdir(parents=True, exist_ok=True)
import json, sys, statistics as st
import numpy as np
N = 16
for tag in sys.argv[1:]:
    r = json.load(open(DIR / f"ob_report_{tag}.json"))
    g = {k: np.array(r[k]["latency"]["values"]) * 1e3 for k in ("prefill", "decode", "generate", "per_token")}
    n = len(g["generate"])
    # per_token in 0.6.0 is cumulative (per_token_events never reset between calls): the last (16n-1) values are the
    # unique consecutive logits-processor intervals: 15 within each call + 1 gap between calls. Keep the in-call ones.
    last = g["per_token"][-(N * n - 1):]
    intra = np.array([v for j, v in enumerate(last) if j % N != N - 1])
    per_call_median = np.median(intra.reshape(n, N - 1), axis=1)
    out = {
        "calls": n,
        "prefill_ms mean/p50": (g["prefill"].mean(), np.median(g["prefill"])),
        "prefill samples/s (OB)": r["prefill"]["throughput"]["value"],
        "prefill tokens/s = 32*batch/mean": 32 / g["prefill"].mean() * 1e3,
        "prefill tokens/s = 32/p50": 32 / np.median(g["prefill"]) * 1e3,
        "decode_ms mean/p50": (g["decode"].mean(), np.median(g["decode"])),
        "decode tokens/s (OB: 15/mean)": r["decode"]["throughput"]["value"],
        "decode_ms/15 mean, p50": (g["decode"].mean() / 15, np.median(g["decode"]) / 15),
        "generate_ms mean/p50": (g["generate"].mean(), np.median(g["generate"])),
        "OB per_token (as reported, buggy) mean/p50, count": (g["per_token"].mean(), np.median(g["per_token"]), len(g["per_token"])),
        "per_token fixed (in-call gaps) mean/p50, count": (intra.mean(), np.median(intra), len(intra)),
        "TPOT-like: median over calls of per-call median gap": np.median(per_call_median),
        "1000/that (tokens/s)": 1000 / np.median(per_call_median),
        "inter-call gap mean": np.mean([v for j, v in enumerate(last) if j % N == N - 1]),
    }
    print(tag)
    for k, v in out.items():
        print(f"  {k}: {np.round(v, 3) if not isinstance(v, int) else v}")
