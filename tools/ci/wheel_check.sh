#!/usr/bin/env bash
# Set-up from a wheel, as a user gets it: build benchit-zoo's wheel, install it into a fresh virtual
# environment outside the checkout, and from an empty folder list the bundled corpora and scan one by
# name. Prints the wheel's size, `benchit corpora`'s time and the time from `pip install` to the first
# result. Exits non-zero on any fault.
#
# The environment is new and isolated (no --system-site-packages, no path to the CI's environment):
# benchit and every dependency come from the wheel and its metadata, so a file missing from the wheel
# or a dependency missing from pyproject.toml fails here. torch comes from the package index (about
# 100 s and 5.6 GB on this machine's kind, all removed at the end); reusing the CI's site-packages
# would be faster but would also hide what this check is for.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
python="${PYTHON:-python3}"
work="$(mktemp -d -t benchit-wheel.XXXXXX)"
trap 'rm -rf "$work"' EXIT
unset PYTHONPATH  # benchit must come from the wheel, never from a checkout
mkdir -p "$work/src" "$work/wheel" "$work/empty"

# Build from a copy of the working tree's files (tracked and new, not ignored): a stale build/ folder
# in the checkout (setuptools reuses it) could otherwise slip files removed since into the wheel.
"$python" - "$repo" "$work/src" <<'EOF'
import shutil, subprocess, sys
from pathlib import Path

repo, dest = map(Path, sys.argv[1:])
listed = subprocess.run(["git", "-C", repo, "ls-files", "-z", "-co", "--exclude-standard"], capture_output=True, check=True)
for name in filter(None, listed.stdout.decode().split("\0")):
    if (repo / name).is_file():
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(repo / name, dest / name)
EOF
"$python" -m pip wheel -q --no-deps "$work/src" -w "$work/wheel"
wheel="$(ls "$work"/wheel/benchit_zoo-*.whl)"
corpus_files="$("$python" -c "import sys, zipfile; print(sum(n.startswith('benchit_models/') for n in zipfile.ZipFile(sys.argv[1]).namelist()))" "$wheel")"
echo "wheel-check: $(basename "$wheel"): $(( $(stat -c %s "$wheel") / 1024 )) KiB, $corpus_files corpus files"

"$python" -m venv "$work/venv"
start=$EPOCHREALTIME
"$work/venv/bin/python" -m pip install -q "$wheel" -c "$repo/constraints.txt"
installed=$EPOCHREALTIME
cd "$work/empty"
where="$("$work/venv/bin/python" -c 'import benchit; print(benchit.__file__)')"
case "$where" in
    "$work/venv/"*) ;;
    *) echo "wheel-check: benchit was imported from $where, not from the wheel" >&2; exit 1 ;;
esac

before=$EPOCHREALTIME
"$work/venv/bin/benchit" corpora > "$work/corpora.txt"
after=$EPOCHREALTIME
"$work/venv/bin/benchit" corpora --json > "$work/corpora.json"
"$work/venv/bin/python" - "$work/corpora.json" "$work/venv" <<'EOF'
import json, sys

rows = {row["name"]: row for row in json.load(open(sys.argv[1]))}
builtin = {"selftest", "torchvision", "timm", "transformers", "llm", "llm_layer", "diffusers", "graph_convolutions"}
assert builtin <= set(rows), f"bundled corpora missing: {sorted(builtin - set(rows))}"
for name in builtin:
    row = rows[name]
    assert row["folder"].startswith(sys.argv[2] + "/"), f"{name} lies at {row['folder']}, outside the installed wheel"
    assert row["scripts"], f"{name}: no scripts in {row['folder']}"
assert rows["selftest"]["scripts"] == 5, rows["selftest"]
EOF

first=""
while IFS= read -r line; do
    printf '%s\n' "$line" >> "$work/scan.txt"
    if [[ -z "$first" && "$line" == *": ok ("* ]]; then first=$EPOCHREALTIME; fi
done < <("$work/venv/bin/benchit" benchmark --all --search-dir selftest --analyze-only --cache-dir "$work/cache" 2>&1; echo "exit $?")
if ! grep -q "selftest: 5 scripts (5 with models, 0 without): 5 ok; 0 results, 0 failed" "$work/scan.txt" || ! grep -qx "exit 0" "$work/scan.txt"; then
    cat "$work/scan.txt" >&2
    echo "wheel-check: benchit benchmark --all --search-dir selftest did not find and run the 5 scripts" >&2
    exit 1
fi
elapsed() { "$work/venv/bin/python" -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }
echo "wheel-check: benchit from $where"
echo "wheel-check: benchit corpora: $(head -1 "$work/corpora.txt"), in $(elapsed "$before" "$after") s"
echo "wheel-check: pip install $(elapsed "$start" "$installed") s; first result of --search-dir selftest $(elapsed "$start" "$first") s after the install began"
echo "wheel-check: ok"
