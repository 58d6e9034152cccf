"""Where --timeout stopped a script: named in the timeout's reason, its stack in the error, and
triage's clusters of timeouts split by that place (benchit/execute/stack.py)."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import FAST, run_benchit, write_script

from benchit.execute.stack import place

SPINS = """
import torch
torch.nn.Linear(4, 2)(torch.randn(1, 4))
def spin():
    while True:
        pass
spin()
"""
# Stuck inside a library: torch's DataLoader fetching an item that never comes.
LOADS = """
import time
import torch
torch.nn.Linear(4, 2)(torch.randn(1, 4))
class Slow(torch.utils.data.Dataset):
    def __len__(self):
        return 4
    def __getitem__(self, index):
        time.sleep(600)
for batch in torch.utils.data.DataLoader(Slow()):
    pass
"""


def test_a_timeout_says_where_it_stopped_and_triage_keeps_places_apart(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    write_script(corpus, "spins.py", SPINS)
    write_script(corpus, "loads.py", LOADS)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, "--timeout", "3", *FAST)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "did not finish within --timeout 3 s, stopped in spins.py:spin (the script)" in done.stdout, done.stdout
    records = {Path(r["script"]).name: r for r in map(json.loads, map(Path.read_text, (cache / "scripts").glob("*.json")))}
    loads = records["loads.py"]["error"]
    assert loads["message"].startswith("did not finish within --timeout 3 s, stopped in torch.utils.data."), loads
    assert 'in __getitem__' in loads["traceback"] and str(corpus / "loads.py") in loads["traceback"]

    triaged = run_benchit("triage", cache, "--format", "json")
    assert triaged.returncode == 0, triaged.stderr
    clusters = json.loads(triaged.stdout)["clusters"]
    assert len(clusters) == 2 and {c["stage"] for c in clusters} == {"timeout"}
    places = sorted(c["template"].partition(", stopped in ")[2] for c in clusters)
    assert places[0] == "spins.py:spin (the script)" and places[1].startswith("torch.utils.data."), places


DUMP = """Thread 0x00007f0000000002 (most recent call first):
  File "/usr/lib/python3.11/threading.py", line 320 in wait
  File "/usr/lib/python3.11/threading.py", line 1002 in _bootstrap

Current thread 0x00007f0000000001 (most recent call first):
  File "/venv/lib/python3.11/site-packages/torch/_inductor/compile_fx.py", line 900 in compile_fx
  File "/venv/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py", line 600 in _fn
  File "/work/model.py", line 12 in forward
  File "/work/model.py", line 30 in <module>
  File "/venv/lib/python3.11/site-packages/benchit/execute/worker.py", line 201 in run_script
"""


MEASURING = """Thread 0x00007f0000000003 (most recent call first):
  File "/venv/lib/python3.11/site-packages/tqdm/_monitor.py", line 60 in run
  File "/usr/lib/python3.11/threading.py", line 1002 in _bootstrap

Current thread 0x00007f0000000001 (most recent call first):
  File "/venv/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1780 in _call_impl
  File "/venv/lib/python3.11/site-packages/torch/nn/modules/linear.py", line 125 in forward
  File "/venv/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1780 in _call_impl
  File "/venv/lib/python3.11/site-packages/benchit/measure/rounds.py", line 80 in _round
  File "WORKER", line 300 in _measure
"""


def test_the_place_is_the_script_threads_innermost_library_frame() -> None:
    where, trace = place(DUMP, "/work/model.py")
    assert where == "torch._inductor.compile_fx:compile_fx"
    assert trace.splitlines()[0] == "Traceback (most recent call last):"
    assert trace.splitlines()[-1] == '  File "/venv/lib/python3.11/site-packages/torch/_inductor/compile_fx.py", line 900, in compile_fx'
    # Stopped in the script's own code: its innermost function, said to be the script's
    own = DUMP.replace("site-packages/torch", "x/torch")
    assert place(own, "/work/model.py")[0] == "model.py:forward (the script)"
    assert place("", "/work/model.py") == ("", "")
    # Measuring after the script ran (no frame of it): benchit's worker thread, not a library's own;
    # torch's module-call plumbing (_call_impl) is passed over for the code it runs
    measuring = MEASURING.replace("WORKER", "/venv/lib/python3.11/site-packages/benchit/execute/worker.py")
    assert place(measuring, "/work/model.py")[0] == "torch.nn.modules.linear:forward"


def test_the_stack_file_is_read_only_as_a_plain_file(tmp_path: Path) -> None:
    """The worker's folder is the script's to write in: a FIFO there must not hang the executor,
    and a link must not be followed."""
    import os

    from benchit.execute.stack import STACK_FILE, read_dump

    fifo = tmp_path / "fifo"
    fifo.mkdir()
    os.mkfifo(fifo / STACK_FILE)
    assert read_dump(fifo / STACK_FILE) == ""  # at once, not waiting for a writer
    (tmp_path / "secret").write_text(DUMP)
    (tmp_path / STACK_FILE).symlink_to(tmp_path / "secret")
    assert read_dump(tmp_path / STACK_FILE) == ""
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / STACK_FILE).write_text(DUMP)
    assert read_dump(tmp_path / "plain" / STACK_FILE) == DUMP
