"""Run every script of a corpus with plain python, one at a time, and record the results.

    HF_HUB_OFFLINE=1 /work/venv/bin/python tools/corpora/run_corpus.py models/torchvision \
        [--timeout 120] [--only NAME ...] [--every N] [-j JOBS] [--results results.tsv]
        [--resume done.tsv]

Each script runs as `python <script>` with PYTHONPATH set to the repository root and
HF_HUB_OFFLINE=1. Prints one line per script: status, wall seconds, peak RSS (MB), path;
then the totals. With --results, the lines are also written as a TSV file.
--every N runs every Nth script only (a sample of a large corpus); -j runs that many scripts at
once (lines still print in order; wall times then include the sharing).
--resume FILE skips the scripts FILE already has a line for and appends each new line to it as
it comes, so a sweep stopped part-way goes on where it stopped.
Files starting with "_" and folders named "skip" are left out, as benchit's discovery does.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def scripts_in(folder: Path) -> list[Path]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        rel = path.relative_to(folder)
        if path.name.startswith("_") or "skip" in rel.parts[:-1]:
            continue
        found.append(path)
    return found


def run_one(path: Path, timeout: float, extra: list[str]) -> tuple[str, float, float, str]:
    env = dict(os.environ, HF_HUB_OFFLINE="1", PYTHONPATH=str(ROOT), TOKENIZERS_PARALLELISM="false")
    start = time.perf_counter()
    with tempfile.TemporaryFile() as log:
        proc = subprocess.Popen(
            [sys.executable, str(path), *extra],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=ROOT,
            start_new_session=True,
        )
        status = "timeout"
        rss = 0.0
        while time.perf_counter() - start < timeout:
            pid, code, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                proc.returncode = os.waitstatus_to_exitcode(code)
                status = "ok" if proc.returncode == 0 else f"rc={proc.returncode}"
                rss = usage.ru_maxrss / 1024  # kilobytes on Linux
                break
            time.sleep(0.05)
        else:
            os.killpg(proc.pid, 9)
            proc.wait()
        wall = time.perf_counter() - start
        log.seek(0)
        out = log.read()
    tail = out.decode(errors="replace").strip().splitlines()[-3:] if status != "ok" else []
    return status, wall, rss, " | ".join(tail)


def _shown(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_absolute() and path.is_relative_to(ROOT) else path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", type=Path)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--results", type=Path, default=None)
    ap.add_argument("--script-args", default="")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--resume", type=Path, default=None)
    args = ap.parse_args()

    paths = scripts_in(args.folder)
    if args.only:
        paths = [p for p in paths if p.stem in set(args.only)]
    paths = paths[:: args.every]
    journal = None
    if args.resume:
        done = set()
        if args.resume.exists():
            done = {line.split("\t")[3] for line in args.resume.read_text().splitlines() if line.count("\t") >= 3}
        paths = [p for p in paths if str(_shown(p)) not in done]
        journal = args.resume.open("a", buffering=1)
    rows = []
    t0 = time.perf_counter()

    def one(path: Path) -> str:
        status, wall, rss, tail = run_one(path, args.timeout, args.script_args.split())
        return f"{status}\t{wall:.1f}\t{rss:.0f}\t{_shown(path)}\t{tail}"

    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for line in pool.map(one, paths):
            print(line, flush=True)
            rows.append(line)
            if journal:
                journal.write(line.replace("\n", " ") + "\n")
    total = time.perf_counter() - t0
    ok = sum(r.startswith("ok\t") for r in rows)
    print(f"# {ok}/{len(rows)} ok in {total:.0f} s", flush=True)
    if args.results:
        args.results.write_text("\n".join(rows + [f"# {ok}/{len(rows)} ok in {total:.0f} s"]) + "\n")


if __name__ == "__main__":
    main()
