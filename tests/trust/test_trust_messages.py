"""Issue 22, forged messages: a hostile script finds its worker's send function through ``gc`` and
speaks the protocol. Every forged attempt fails its own job with ``protocol violation: ...``,
leaves every file outside the cache untouched and other scripts' builds unchanged, and the scan
goes on."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from helpers import run_benchit, write_script

from benchit.store.cache import Cache

# A host lock of these tests' own (it lives in the temporary folder): they never wait for another
# benchit measuring on a shared machine.
PRIVATE = {"TMPDIR": "/tmp/benchit-tests-trust"}
os.makedirs(PRIVATE["TMPDIR"], exist_ok=True)

VICTIM_TEXT = "the victim's own data\n"
MODEL = "import torch\ntorch.nn.Linear(3, 2)(torch.randn(1, 3))\n"
# What a hostile script does to reach the protocol: the worker's send function, its job and its
# captured model, all found through gc in its own process.
FORGER = """
import gc, hashlib, os
import torch
from benchit.messages import Artifact, InvocationFound, ResultReady
from benchit.records import Invocation, Result
from benchit.naming import key_build_name


def find(test):
    return next(o for o in gc.get_objects() if test(o))

send = find(lambda o: getattr(o, "__qualname__", "") == "channel.<locals>.send")
spec = find(lambda o: type(o).__name__ == "JobSpec")
torch.nn.Linear(3, 2)(torch.randn(1, 3))
capture = find(lambda o: type(o).__name__ == "Capture")
own = key_build_name(spec.key, next(iter(capture.captured.values())).invocation.hash)
scratch = spec.workdir
def sha(data):
    return hashlib.sha256(data).hexdigest()
"""
VICTIM = "VICTIM_PATH"
FORGERIES = {
    # the review's finding: the coordinator moved the victim into the cache and deleted it
    "path_outside": f"send(Artifact(own, 'stolen.txt', sha(b'x'), os.path.getsize({VICTIM}), path={VICTIM}))",
    "traversal_name": "send(Artifact(own, '../../../../tmp/x', sha(b'x'), 1, data=b'x'))",
    "nested_name": "send(Artifact(own, 'sub/x', sha(b'x'), 1, data=b'x'))",
    "link_in_scratch": (
        f"os.symlink({VICTIM}, os.path.join(scratch, 'link.txt'))\n"
        f"send(Artifact(own, 'link.txt', sha(b'x'), os.path.getsize({VICTIM}), path=os.path.join(scratch, 'link.txt')))"
    ),
    "hard_link_in_scratch": (
        f"os.link({VICTIM}, os.path.join(scratch, 'hard.txt'))\n"
        f"send(Artifact(own, 'hard.txt', sha(b'x'), os.path.getsize({VICTIM}), path=os.path.join(scratch, 'hard.txt')))"
    ),
    "folder_link_in_scratch": (
        f"os.symlink(os.path.dirname({VICTIM}), os.path.join(scratch, 'dir'))\n"
        f"send(Artifact(own, 'victim.txt', sha(b'x'), os.path.getsize({VICTIM}), "
        f"path=os.path.join(scratch, 'dir', os.path.basename({VICTIM}))))"
    ),
    "size_lie": "send(Artifact(own, 'big.bin', sha(b'x'), 10**12, data=b'x'))",
    "another_scripts_build": (
        "inv = next(iter(capture.captured.values())).invocation\n"
        "import dataclasses\n"
        "send(InvocationFound(OTHER_BUILD, dataclasses.replace(inv, model_class='Spoofed', params=0)))"
    ),
    "result_for_unannounced_build": "send(ResultReady(OTHER_BUILD, Result('cpu', 'torch', 'ok')))",
    # the result a death would write for another script's build
    "attempt_for_unannounced_build": (
        "from benchit.messages import Attempt\nsend(Attempt(OTHER_BUILD, Result('cpu', 'torch', 'failed')))\nos._exit(9)"
    ),
    "malformed_invocation": (
        "import dataclasses\n"
        "inv = next(iter(capture.captured.values())).invocation\n"
        "send(InvocationFound(own, dataclasses.replace(inv, params=[1, 2])))"
    ),
    # options the run did not give its runtime: a result under another measurement's name
    "other_runtime_options": "send(ResultReady(own, Result('cpu', 'torch', 'ok', runtime_options={'x': 'y'})))",
    # a wait for the host lock stops the --timeout clock: one that is not a real wait would stop it for good
    "endless_lock_wait": "from benchit.messages import LockWait\nsend(LockWait(True))\nimport time\ntime.sleep(300)",
    # a negative wait would hand the scan back --quiet-wait budget it never had
    "negative_quiet_wait": "from benchit.messages import QuietWait\nsend(QuietWait(False, waited_s=-1e9))",
}


@pytest.fixture(scope="module")
def victim_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache with one honest script's build, which forged messages try to overwrite."""
    root = tmp_path_factory.mktemp("victim")
    write_script(root / "corpus", "honest.py", MODEL)
    done = run_benchit(
        "benchmark", root / "corpus" / "honest.py", "--cache-dir", root / "cache", "--analyze-only", env=PRIVATE
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return root / "cache"


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _victims(tmp_path: Path, victim_cache: Path) -> tuple[Path, Path, str]:
    """A copy of ``victim_cache`` in ``tmp_path``, a victim file outside it, and the honest build's name."""
    import shutil

    cache = tmp_path / "cache"
    shutil.copytree(victim_cache, cache)
    victim = tmp_path / "outside" / "victim.txt"
    victim.parent.mkdir()
    victim.write_text(VICTIM_TEXT)
    return cache, victim, next(p.name for p in (cache / "builds").iterdir())


def _hostile(forgery: str, victim: Path, honest_build: str) -> str:
    """The body of a hostile script that sends ``forgery`` aimed at ``victim`` and ``honest_build``."""
    return FORGER + FORGERIES[forgery].replace(VICTIM, repr(str(victim))).replace("OTHER_BUILD", repr(honest_build))


def _forge(tmp_path: Path, victim_cache: Path, forgery: str, executor: list[str] | None = None) -> dict:
    """Run the hostile script beside an honest one in a copy of ``victim_cache``; what changed."""
    cache, victim, honest_build = _victims(tmp_path, victim_cache)
    corpus = tmp_path / "corpus"
    write_script(corpus, "hostile.py", _hostile(forgery, victim, honest_build) + "\n" + MODEL)
    write_script(corpus, "after.py", MODEL)  # the scan goes on after the hostile script
    before = _snapshot(cache / "builds" / honest_build)
    done = run_benchit(
        "benchmark", corpus / "hostile.py", corpus / "after.py", "--cache-dir", cache, "--analyze-only",
        *(executor or []), env=PRIVATE,
    )  # fmt: skip
    store = Cache(cache)
    records = {r.script.rsplit("/", 1)[-1]: r for k in store.script_keys() if (r := store.read_script(k))}
    return {
        "done": done,
        "victim": victim,
        "honest_before": before,
        "honest_after": _snapshot(cache / "builds" / honest_build),
        "records": records,
        "cache": cache,
        "outside": sorted(p.name for p in tmp_path.iterdir()),
    }


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
def test_a_forged_message_fails_only_its_own_job(tmp_path: Path, victim_cache: Path, forgery: str) -> None:
    seen = _forge(tmp_path, victim_cache, forgery)
    done = seen["done"]
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    hostile, after = seen["records"]["hostile.py"], seen["records"]["after.py"]
    assert hostile.status is not None and hostile.status.value == "failed", hostile
    assert hostile.error and hostile.error["message"].startswith("protocol violation: "), hostile.error
    assert "protocol violation: " in done.stdout
    assert after.status is not None and after.status.value == "ok"  # the scan went on
    assert seen["victim"].read_text() == VICTIM_TEXT  # untouched, still there
    assert seen["honest_after"] == seen["honest_before"]  # another script's build is unchanged
    assert seen["outside"] == ["cache", "corpus", "outside"]
    assert sorted(p.name for p in seen["victim"].parent.iterdir()) == ["victim.txt"]
    for path in seen["cache"].rglob("*"):  # nothing written under a forged name
        assert path.name not in ("stolen.txt", "x", "link.txt", "hard.txt", "victim.txt", "big.bin"), path
        assert path.resolve().is_relative_to(seen["cache"].resolve())
    for build in (seen["cache"] / "builds").iterdir():
        record = json.loads((build / "build.json").read_text())
        assert record["invocation"]["model_class"] == "Linear", record
        assert all("/" not in name and name != ".." for name in record["artifacts"]), record


def test_a_forged_quiet_wait_stops_the_timeout_clock_only_within_the_budget(tmp_path: Path) -> None:
    """Waits for a quiet machine do not count against --timeout, but only up to the scan's
    --quiet-wait budget: a script that says it waits for ever still times out."""
    body = (
        FORGER
        + "from benchit.messages import QuietWait\nsend(QuietWait(True, 'forged'))\nimport time\ntime.sleep(300)\n"
    )
    script = write_script(tmp_path / "corpus", "hostile.py", body)
    started = time.monotonic()
    done = run_benchit(
        "benchmark", script, "--cache-dir", tmp_path / "cache", "--analyze-only", "--timeout", "3",
        "--quiet-wait", "1", env=PRIVATE,
    )  # fmt: skip
    assert time.monotonic() - started < 60, done.stdout  # 3 s of work + 1 s of budget + the slack, not 300
    [record] = [r for k in Cache(tmp_path / "cache").script_keys() if (r := Cache(tmp_path / "cache").read_script(k))]
    assert record.status is not None and record.status.value == "timeout", record


def test_an_honest_artifact_by_path_still_reaches_the_cache(tmp_path: Path) -> None:
    """The checks refuse forgeries only: an exported ONNX model moves from the job's scratch
    folder into the build's artifacts folder, as before."""
    write_script(tmp_path / "corpus", "m.py", MODEL)
    cache = tmp_path / "cache"
    fast = ["--min-time", "0", "--max-time", "0.1", "--min-iterations", "4", "--warmup-time", "0.05", "--threads", "1", "--contention-threshold", "1"]  # fmt: skip
    done = run_benchit("benchmark", tmp_path / "corpus" / "m.py", "--cache-dir", cache, "--runtime", "ort", *fast,
                       "--quiet-wait", "0", env=PRIVATE)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    build = next((cache / "builds").iterdir())
    names = sorted(p.name for p in (build / "artifacts").iterdir())
    assert any(n.endswith(".onnx") for n in names), names
    record = json.loads((build / "build.json").read_text())
    assert sorted(record["artifacts"]) == names


def test_the_scratch_check_refuses_each_way_out(tmp_path: Path) -> None:
    """``protocol.scratch_file`` on its own: inside is accepted; outside, through a link to a
    file or a folder, a hard link, and a size that differs are refused."""
    from benchit.execute.protocol import Violation, scratch_file

    scratch = tmp_path / "job"
    (scratch / "artifacts" / "b").mkdir(parents=True)
    good = scratch / "artifacts" / "b" / "m.onnx"
    good.write_bytes(b"onnx")
    with scratch_file(str(scratch), str(good), 4) as (fd, name):
        assert name == "m.onnx" and os.stat(name, dir_fd=fd).st_size == 4
    outside = tmp_path / "victim"
    outside.write_bytes(b"data")
    (scratch / "link").symlink_to(outside)
    (scratch / "dirlink").symlink_to(tmp_path)
    os.link(outside, scratch / "hard")
    for path, size in [
        (outside, 4),
        (scratch / "link", 4),
        (scratch / "dirlink" / "victim", 4),
        (scratch / "hard", 4),
        (scratch / "artifacts" / ".." / ".." / "victim", 4),
        (good, 5),
        (scratch, 0),
    ]:
        with pytest.raises(Violation), scratch_file(str(scratch), str(path), size):
            pass
    with pytest.raises(Violation, match="as bytes"), scratch_file(None, str(good), 4):
        pass
    assert outside.read_bytes() == b"data" and good.read_bytes() == b"onnx"


def test_forged_messages_from_a_ray_node_are_refused_too(tmp_path: Path, victim_cache: Path) -> None:
    """The same forgeries from scripts running on the nodes of a private Ray cluster: a node's
    artifacts must come as bytes, so a path (here, the driver's victim file) fails the job, and a
    node's script cannot overwrite another script's build either."""

    from cluster import needs_cluster, scenario

    if needs_cluster.args[0]:
        pytest.skip(needs_cluster.kwargs["reason"])
    cache, victim, honest_build = _victims(tmp_path, victim_cache)
    before = _snapshot(cache / "builds" / honest_build)
    corpus = tmp_path / "corpus"
    for forgery in ("path_outside", "another_scripts_build", "traversal_name"):
        write_script(corpus, f"{forgery}.py", _hostile(forgery, victim, honest_build) + "\n" + MODEL)
    write_script(corpus, "after.py", MODEL)
    scan = ["benchmark", "--all", "--search-dir", str(corpus), "--cache-dir", str(cache), "--analyze-only"]
    (step,) = scenario(tmp_path, [{"benchit": scan}])["steps"]
    assert step["rc"] == 1, step["stdout"][-3000:] + step["stderr"][-3000:]
    assert "Traceback" not in step["stdout"] + step["stderr"]
    store = Cache(cache)
    records = {r.script.rsplit("/", 1)[-1]: r for k in store.script_keys() if (r := store.read_script(k))}
    for forgery in ("path_outside", "another_scripts_build", "traversal_name"):
        record = records[f"{forgery}.py"]
        assert record.error and record.error["message"].startswith("protocol violation: "), (forgery, record)
    assert records["after.py"].status is not None and records["after.py"].status.value == "ok"
    assert victim.read_text() == VICTIM_TEXT
    assert _snapshot(cache / "builds" / honest_build) == before
