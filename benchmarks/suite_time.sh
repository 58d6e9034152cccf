#!/usr/bin/env bash
# The test suite's wall time against an older commit's, one after the other on this machine:
#
#   bash benchmarks/suite_time.sh [BASE] [RUNS]     (default 3d18000, the commit issue 37 was
#                                                    filed against; 1 run of each)
#
# BASE gets a worktree and a virtual environment of its own in a temporary folder (installed as
# the README says); this checkout runs with its own .venv. Each run is the README's test command,
# timed by /usr/bin/time, with SIGINT at its default (a background job would otherwise pass an
# ignored SIGINT on to the Ctrl-C tests). Runs alternate, this checkout first, so that a drift of
# the machine meets both alike. Run it on an otherwise idle machine: the figures are wall seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-3d18000}
runs=${2:-1}
head=$(git rev-parse --short HEAD)
work=$(mktemp -d)
trap 'git worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add -q "$work/base" "$base"
(
    cd "$work/base"
    python3 -m venv .venv
    . .venv/bin/activate
    pip install -q -e ".[dev]" -c constraints.txt
    pip install -q --no-build-isolation --no-deps -e plugins/benchit-quantize -e plugins/benchit-openvino
) >"$work/install.log" 2>&1 || { echo "installing $base failed: $work/install.log" >&2; exit 1; }

suite() {  # suite FOLDER LABEL: one timed run of the README's test command in FOLDER
    local log="$work/$2.$3.log"
    (
        cd "$1"
        . .venv/bin/activate
        HF_HUB_OFFLINE=1 /usr/bin/time -f "%e %U %S" -o "$log.time" \
            python3 -c "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp(sys.argv[1], sys.argv[1:])" \
            python -m pytest -q >"$log" 2>&1 || true
    )
    # (the last line: /usr/bin/time puts "Command exited with non-zero status N" before it)
    read -r wall user sys < <(tail -n 1 "$log.time")
    echo "$2 run $3: ${wall} s wall, $(python3 -c "print(round($user + $sys))") s CPU, $(tail -n 1 "$log")"
    echo "$wall" >>"$work/$2.walls"
}

for run in $(seq "$runs"); do
    suite "$PWD" "$head" "$run"
    suite "$work/base" "$base" "$run"
done
python3 - "$work/$head.walls" "$work/$base.walls" <<'EOF'
import statistics, sys
new, old = ([float(x) for x in open(p)] for p in sys.argv[1:])
print(f"median wall: {statistics.median(new):.1f} s against {statistics.median(old):.1f} s: "
      f"{statistics.median(new) / statistics.median(old):.3f}x (runs paired: "
      + ", ".join(f"{a / b:.3f}x" for a, b in zip(new, old)) + ")")
EOF
