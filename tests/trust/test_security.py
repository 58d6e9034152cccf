"""Security: only selected scripts run; report and cache commands never execute or unpickle; no
name can lead a file outside the cache; the CSV cannot carry a spreadsheet formula."""

from __future__ import annotations

import csv
import json
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import FAST, REPO, run_benchit, write_script

from benchit.naming import key_build_name, safe_name, script_key
from benchit.store.cache import Cache

MARK = "from pathlib import Path\nPath(__file__).with_name(Path(__file__).name + '.ran').write_text('ran')\n"
MODEL = "import torch\ntorch.nn.Linear(3, 2)(torch.randn(1, 3))\n"
EVIL_NAMES = [
    "../../etc/passwd",
    "/etc/passwd",
    "..",
    ".",
    "",
    "a\x00b",
    "line\nbreak",
    "\x1b[31mred",
    "C:\\Windows\\system32",
    "..\\..\\x",
    "ünïcödé name",
    "-rf",
    ".hidden",
    "x" * 1000,
]


def test_only_the_selected_scripts_are_executed(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    write_script(corpus, "chosen.py", MARK + MODEL, labels="task::chosen")
    write_script(corpus, "other_label.py", MARK, labels="task::other")
    write_script(corpus, "_private.py", MARK, labels="task::chosen")
    write_script(corpus, "__init__.py", MARK, labels="task::chosen")
    write_script(corpus / "skip", "skipped_dir.py", MARK, labels="task::chosen")
    write_script(corpus / ".hidden", "hidden_dir.py", MARK, labels="task::chosen")
    write_script(corpus, "bad_labels.py", MARK, labels="task::chosen broken")
    (corpus / "no_labels.py").write_text(MARK)
    (corpus / "notes.txt.py.bak").write_text(MARK)
    args = ["benchmark", "--all", "--search-dir", corpus, "--labels", "task::chosen", "--cache-dir", tmp_path / "c"]
    done = run_benchit(*args, "--analyze-only")
    assert done.returncode == 0, done.stdout + done.stderr
    assert sorted(p.name for p in corpus.rglob("*.ran")) == ["chosen.py.ran"]


@pytest.fixture(scope="module")
def evil(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real cache, then planted with a pickle bomb, Python files and a build that names a path
    outside the cache; each test works on a copy."""
    tmp_path = tmp_path_factory.mktemp("evil")
    write_script(tmp_path / "corpus", "m.py", MODEL)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", tmp_path / "corpus" / "m.py", "--cache-dir", cache, *FAST)
    assert done.returncode == 0, done.stdout + done.stderr
    bomb = tmp_path / "BOMB"

    class Bomb:
        def __reduce__(self) -> tuple:
            return (Path.write_text, (bomb, "unpickled"))

    build = next((cache / "builds").iterdir())
    (build / "artifacts").mkdir()
    for place in (build / "artifacts" / "model.pkl", build / "results" / "x.pkl", cache / "scripts" / "m.pkl"):
        place.write_bytes(pickle.dumps(Bomb()))
    for place in (cache / "scripts" / "evil.py", build / "evil.py", cache / "benchit_evil.py"):
        place.write_text(f"from pathlib import Path\nPath({str(bomb)!r}).write_text('executed')\n")
    outside = tmp_path / "outside"
    (outside / "results").mkdir(parents=True)
    (outside / "build.json").write_text(json.dumps({"format": 1, "invocation": {"model_class": "OUTSIDE"}}))
    record_path = next((cache / "scripts").glob("m-*.json"))
    record = json.loads(record_path.read_text())
    record["builds"] += ["../../outside", str(outside), "../outside"]
    record_path.write_text(json.dumps(record))
    return tmp_path


# Runs benchit's real entry point under an audit hook that records anything like unpickling,
# running a program, or opening a planted file.
AUDITED = """
import sys
seen = []
def hook(event, args):
    if event in ("pickle.find_class", "os.system", "subprocess.Popen", "os.exec", "os.posix_spawn", "os.fork"):
        seen.append(event)
    elif event == "open" and str(args[0]).endswith((".pkl", "evil.py")):
        seen.append(f"open {args[0]}")
    elif event == "exec" and "evil" in repr(args):
        seen.append("exec")
sys.addaudithook(hook)
from benchit.cli import main
code = main(sys.argv[1:])
print("AUDIT", seen, "torch" in sys.modules, code)
"""


@pytest.mark.parametrize("command", [["report", "-o", "REPORT"], ["cache", "list"], ["cache", "clean"]])
def test_report_and_cache_commands_never_execute_or_unpickle(evil: Path, tmp_path: Path, command: list[str]) -> None:
    shutil.copytree(evil, tmp_path / "root", symlinks=True)
    cache = tmp_path / "root" / "cache"
    argv = [str(tmp_path / "r.csv") if a == "REPORT" else a for a in command] + ["--cache-dir", str(cache)]
    done = subprocess.run([sys.executable, "-c", AUDITED, *argv], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "AUDIT [] False 0"  # nothing seen; torch not even imported
    assert not (evil / "BOMB").exists()
    if command[0] == "report":
        assert "OUTSIDE" not in (tmp_path / "r.csv").read_text()  # a record cannot reach outside the cache


def test_no_pickle_eval_or_unsafe_yaml_in_benchit() -> None:
    for path in (REPO / "benchit").rglob("*.py"):
        text = path.read_text()
        assert not re.search(r"^\s*(import|from)\s+(pickle|cPickle|dill|shelve|marshal)\b", text, re.M), path
        # torch.load only with PyTorch's safe loader (repro.py reads back the tensors it saved).
        loads = re.findall(r"torch\.load\(([^)]*)\)", text)
        assert all("weights_only=True" in call for call in loads), path
        assert "eval(" not in text.replace(".eval(", ""), path
        assert not re.search(r"yaml\.(load|unsafe_load|full_load)\(", text), path  # yaml.safe_load only


@pytest.mark.parametrize("name", EVIL_NAMES, ids=[repr(n)[:30] for n in EVIL_NAMES])
def test_no_name_can_leave_its_directory(tmp_path: Path, name: str) -> None:
    safe = safe_name(name)
    assert safe and safe not in (".", "..") and not safe.startswith(".") and len(safe) <= 80
    assert re.fullmatch(r"[A-Za-z0-9_.+-]+", safe), safe
    cache = Cache(tmp_path)
    root = tmp_path.resolve()
    for path in (
        cache.build_dir(name),
        cache.script_path(name),
        cache.log_path(name),
        cache.result_path(name, name, name),
        cache.build_dir(key_build_name(script_key(Path(f"/x/{safe}.py")), name)),
    ):
        assert path.resolve().parent in (root / "builds", root / "scripts", cache.build_dir(name).resolve() / "results")
    assert "/" not in script_key(Path("/some") / f"{safe}.py")


def test_scripts_with_hostile_file_names_stay_inside_the_cache(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    names = ["..evil.py", "=cmd.py", "-rf.py", "a b\tc.py", "\x1b[31mred.py", "ünï.py", "new\nline.py", "+x@y.py"]
    for name in names:
        write_script(corpus, name, MODEL)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, "--analyze-only")
    assert done.returncode == 0, done.stdout + done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "corpus"]
    assert sorted(p.name for p in corpus.iterdir()) == sorted(names)  # nothing written beside the scripts
    for path in cache.rglob("*"):
        assert path.resolve().is_relative_to(cache.resolve())
        assert re.fullmatch(r"[A-Za-z0-9_.+-]+", path.name), path
    assert len(list((cache / "builds").iterdir())) == len(names)
    assert len(list((cache / "scripts").glob("*.json"))) == len(names)


def test_csv_cells_never_start_a_formula(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    labels = "name::=1+2 author::+cmd|calc!A0 task::-2+3 group::@SUM(A1) =evil::x"
    write_script(corpus, "-formula.py", MODEL, labels=labels)
    write_script(corpus, "=fails.py", "raise ValueError('=HYPERLINK(1)')\n", labels="task::@x")
    cache = tmp_path / "cache"
    run_benchit("benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, *FAST)
    output = tmp_path / "r.csv"
    assert run_benchit("report", "--cache-dir", cache, "-o", output).returncode == 0
    with open(output, newline="") as file:
        table = list(csv.reader(file))
    cells = [cell for row in table for cell in row]
    for cell in cells:
        if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
            float(cell)  # only a number may start so; anything else must have been neutralised
    header = table[0]
    row = dict(zip(header, table[1], strict=True))
    assert row["label_name"] == "'=1+2" and row["label_author"] == "'+cmd|calc!A0" and row["label_task"] == "'-2+3"
    assert row["label_group"] == "'@SUM(A1)" and "label_=evil" in header
    assert row["build_name"].startswith("'-formula-")
