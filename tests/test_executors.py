"""Executors are plugins: ``--executor`` picks one, a third party's from --plugins-dir works like
``local``, and an unknown or unusable one is a one-line error with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import FAST, report_df, run_benchit, write_script

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
    assert done.stderr.strip() == "benchit: error: unknown executor 'nosuch' (available: local)"
    assert done.stdout == "" and not (tmp_path / "cache").exists()


def test_two_plugins_with_one_executor_name_is_an_error_naming_both(tmp_path: Path) -> None:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    clash = MARKED.replace('name = "marked"', 'name = "local"').replace("benchit_addoption", "_unused")
    (plugins / "clash.py").write_text(clash)
    done = run_benchit("plugins", "--plugins-dir", plugins)
    assert done.returncode == 2
    assert "executor 'local' is provided by two plugins: benchit.execute.local and clash" in done.stderr
