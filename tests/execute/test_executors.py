"""Executors are plugins: ``--executor`` picks one, a third party's from --plugins-dir works like
``local``, and an unknown or unusable one is a one-line error with nothing written."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from helpers import FAST, REPO, local_plugin, report_df, run_benchit, write_script
from samples import OFF_BY

from benchit.measure.environment import machine_identity

MARKED = '''
"""A third party's executor: the local one, announcing itself in each script's log."""
import benchit
from benchit.api import Event, LogChunk, JobStarted
from benchit.errors import UsageError
from benchit.execute.local import LocalExecutor


class Marked(LocalExecutor):
    name = "marked"
    description = "local, with a marker"

    @classmethod
    def check(cls, config):
        if config.options.get("marked_tag") == "refuse":
            raise UsageError("executor marked: told to refuse")

    def events(self, timeout):
        out = []
        for event in super().events(timeout):
            out.append(event)
            if isinstance(event.message, JobStarted):
                tag = self.config.options.get("marked_tag")
                out.append(Event(event.job_id, LogChunk(f"[marked executor {tag}]\\n".encode())))
        return out


@benchit.hookimpl
def benchit_executors():
    return [Marked]


@benchit.hookimpl
def benchit_addoption(parser):
    parser.add_argument("--marked-tag", default="none")
'''

MODEL = "import torch\nm = torch.nn.Linear(4, 2)\nm(torch.randn(1, 4))\n"


def test_a_plugin_executor_runs_the_scan(tmp_path: Path) -> None:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "marked.py").write_text(MARKED)
    script = write_script(tmp_path, "one.py", MODEL)
    cache = tmp_path / "cache"
    args = ["--plugins-dir", plugins, "--cache-dir", cache, *FAST]
    done = run_benchit("benchmark", script, "--executor", "marked", "--marked-tag", "t42", *args)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "executor marked" in done.stdout.splitlines()[0]
    [record_path] = (cache / "scripts").glob("*.json")
    record = json.loads(record_path.read_text())
    assert record["executor"] == "marked" and record["status"] == "ok"
    assert record["machine"]["id"] == machine_identity().id
    assert record_path.with_suffix(".log").read_text().startswith("[marked executor t42]\n")
    df = report_df(cache)
    assert list(df["machine"]) == [machine_identity().hostname] and list(df["machine_id"]) == [machine_identity().id]
    listed = run_benchit("plugins", "--plugins-dir", plugins)
    assert "executor marked: local, with a marker" in listed.stdout
    assert "executor local: this machine" in listed.stdout
    refused = run_benchit("benchmark", script, "--executor", "marked", "--marked-tag", "refuse", *args[:2],
                          "--cache-dir", tmp_path / "refused")  # fmt: skip
    assert refused.returncode == 2 and refused.stderr.strip() == "benchit: error: executor marked: told to refuse"
    assert not (tmp_path / "refused").exists()


def test_an_unknown_executor_is_a_usage_error_and_writes_nothing(tmp_path: Path) -> None:
    script = write_script(tmp_path, "one.py", MODEL)
    done = run_benchit("benchmark", script, "--executor", "nosuch", "--cache-dir", tmp_path / "cache")
    assert done.returncode == 2
    assert done.stderr.strip() == "benchit: error: unknown executor 'nosuch' (available: local, ray)"
    assert done.stdout == "" and not (tmp_path / "cache").exists()


def test_two_plugins_with_one_executor_name_is_an_error_naming_both(tmp_path: Path) -> None:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    clash = MARKED.replace('name = "marked"', 'name = "local"').replace("benchit_addoption", "_unused")
    (plugins / "clash.py").write_text(clash)
    done = run_benchit("plugins", "--plugins-dir", plugins)
    assert done.returncode == 2
    assert "executor 'local' is provided by two plugins: benchit.execute.local and clash" in done.stderr


def test_the_documented_executor_runs_scripts_as_if_elsewhere(tmp_path: Path) -> None:
    """The example of docs/plugins.md: the script travels as bytes, runs in a fresh process, and
    the ONNX file it exports comes back as bytes into the cache, with its sha256 recorded."""
    docs = (REPO / "docs" / "plugins.md").read_text()
    code = next(block for block in docs.split("```python\n") if "class Subprocesses" in block).split("```")[0]
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "subprocesses.py").write_text(code)
    script = write_script(tmp_path / "corpus", "one.py", MODEL + "print('from the script')\n")
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", script, "--executor", "subprocess", "--runtime", "torch,ort", "--plugins-dir", plugins,
        "--cache-dir", cache, *FAST,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    df = report_df(cache).set_index("runtime")
    assert set(df["status"]) == {"ok"} and set(df["machine_id"]) == {machine_identity().id}
    build = cache / "builds" / df.loc["ort", "build_name"]
    onnx = Path(df.loc["ort", "info_onnx_file"])
    assert onnx.is_file() and onnx.parent == build / "artifacts"
    listed = json.loads((build / "build.json").read_text())["artifacts"]
    assert listed[onnx.name]["sha256"] == hashlib.sha256(onnx.read_bytes()).hexdigest()
    assert "from the script" in next((cache / "scripts").glob("*.log")).read_text()


def test_an_onnx_file_of_an_earlier_run_is_reused_through_the_executor(tmp_path: Path) -> None:
    """The worker writes into a private folder only; the coordinator hands it the earlier export."""
    seeded = "import torch\ntorch.manual_seed(0)\nm = torch.nn.Linear(4, 2)\nm(torch.randn(1, 4))\n"
    script = write_script(tmp_path, "one.py", seeded)
    cache = tmp_path / "cache"
    first = run_benchit("benchmark", script, "--runtime", "ort", "--cache-dir", cache, *FAST)
    assert first.returncode == 0, first.stdout + first.stderr
    exported = {p.name: p.read_bytes() for p in cache.glob("builds/*/artifacts/*")}
    assert any(name.endswith(".onnx") for name in exported)
    script.write_text(script.read_text() + "# edited: the script runs again, the model is the same\n")
    second = run_benchit("benchmark", script, "--runtime", "ort", "--cache-dir", cache, *FAST)
    assert second.returncode == 0, second.stdout + second.stderr
    [row] = report_df(cache).to_dict("records")
    assert row["status"] == "ok" and row["info_onnx_reused"] == True  # noqa: E712
    assert {p.name: p.read_bytes() for p in cache.glob("builds/*/artifacts/*")} == exported
    assert not list(cache.glob("builds/*/artifacts/.*"))  # no temporary file left behind


# A preloaded module that asks the CUDA runtime a question at import, as some torch versions'
# Inductor does: every child forked after it could no longer use CUDA.
POISON = """
import torch

torch.cuda.is_available()
"""
PRELOADS_POISON = """
import benchit


@benchit.hookimpl
def benchit_preload():
    return ["cuda_poison"]
"""
SEES_FORK = """
import os
import torch

with open(os.environ["SEEN"], "w") as file:
    file.write(f"{torch.cuda._is_in_bad_fork()} {os.environ.get('PYTORCH_NVML_BASED_CUDA_CHECK')}")
torch.nn.Linear(4, 2).eval()(torch.randn(1, 4))
"""


def test_a_preload_that_initialises_cuda_is_dropped_when_the_scan_uses_an_accelerator(tmp_path: Path) -> None:
    plugins = local_plugin(tmp_path / "plugins", "fakeaccel", OFF_BY)
    local_plugin(plugins, "poisoner", PRELOADS_POISON)
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "cuda_poison.py").write_text(POISON)
    script = write_script(tmp_path, "linear.py", SEES_FORK)
    seen = {}
    for device in ("cpu", "fake-accel"):
        env = {"PYTHONPATH": str(tmp_path / "lib"), "SEEN": str(tmp_path / f"seen-{device}")}
        cache = tmp_path / f"cache-{device}"
        args = ("--plugins-dir", plugins, "--device", device, "--cache-dir", cache, *FAST)
        done = run_benchit("benchmark", script, *args, env=env)
        assert done.returncode == 0, done.stderr
        assert set(report_df(cache)["status"]) == {"ok"}
        seen[device] = (tmp_path / f"seen-{device}").read_text()
    # A CPU scan keeps the preload (its scripts need no accelerator); a scan on an accelerator
    # starts its warm worker again without it, and the script can initialise CUDA. Either way the
    # script sees the user's environment (the worker's NVML setting is its own).
    assert seen == {"cpu": "True None", "fake-accel": "False None"}
