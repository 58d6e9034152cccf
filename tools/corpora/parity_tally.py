"""Tally a measured corpus sample: per runtime, how many models were measured with parity
passed, failed or inconclusive against eager torch, and why the rest were not.

    benchit report --cache-dir CACHE --format csv -o sample.csv
    python tools/corpora/parity_tally.py sample.csv [--markdown]

A script that never reached a runtime (its timeout, or a crash first) counts as "not reached"
for every runtime it did not reach, so each runtime's row adds up to the models of the sample.
"""

from __future__ import annotations

import argparse
import collections
import csv
from pathlib import Path


def tally(rows: list[dict[str, str]], runtimes: list[str]) -> tuple[dict, dict, int]:
    """(counts per runtime, reasons per runtime, number of models in the sample)."""
    models = {(r["script"], r["build_name"]) for r in rows if r.get("build_name")}
    counts: dict[str, collections.Counter] = {rt: collections.Counter() for rt in runtimes}
    reasons: dict[str, collections.Counter] = {rt: collections.Counter() for rt in runtimes}
    for rt in runtimes:
        seen = set()
        for r in rows:
            if r.get("runtime") != rt or not r.get("build_name"):
                continue
            seen.add((r["script"], r["build_name"]))
            status = r.get("status") or "not reached"
            if status == "ok":
                verdict = "measured" if rt == "torch" else f"parity {r.get('parity_verdict') or 'not checked'}"
                counts[rt][verdict] += 1
                if rt != "torch" and r.get("parity_verdict") != "passed":
                    name = Path(r["script"]).stem
                    reasons[rt][f"{verdict}: {name} (max rel. diff {r.get('parity_max_rel_diff')})"] += 1
            else:
                label = "not reached" if status == "not_run" else status
                counts[rt][label] += 1
                why = (r.get("error") or r.get("script_error") or r.get("script_status") or "").splitlines()
                reasons[rt][f"{label}: {why[0][:110] if why else '?'}"] += 1
        missing = models - seen
        if missing:
            counts[rt]["not reached"] += len(missing)
            for script, _ in sorted(missing):
                status = next((r.get("script_status") for r in rows if r["script"] == script), "")
                reasons[rt][f"not reached: script {status}"] += 1
    return counts, reasons, len(models)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", type=Path)
    parser.add_argument("--runtimes", default="torch,ort,torch-compile")
    args = parser.parse_args()
    with args.csv.open(newline="") as f:
        rows = list(csv.DictReader(f))
    runtimes = args.runtimes.split(",")
    counts, reasons, n = tally(rows, runtimes)
    scripts = {r["script"]: r.get("script_status") for r in rows}
    print(f"{len(scripts)} scripts, {n} models; script status: {dict(collections.Counter(scripts.values()))}")
    for rt in runtimes:
        shares = ", ".join(f"{k} {v} ({v / n:.0%})" for k, v in counts[rt].most_common()) if n else "-"
        print(f"{rt}: {shares}")
        for reason, k in reasons[rt].most_common():
            print(f"    {k} x {reason}")


if __name__ == "__main__":
    main()
