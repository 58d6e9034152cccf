"""Artifacts in a cache are reused only when they are the files this benchit wrote (their sha256
recorded in the build record at write time); anything else is rebuilt, with a warning."""

from __future__ import annotations

import os
from pathlib import Path

from helpers import FAST, report_df, run_benchit, write_script

ENV = {"TMPDIR": "/tmp/benchit-tests-artifacts"}
os.makedirs(ENV["TMPDIR"], exist_ok=True)

# A runtime that keeps a file in its artifacts folder, reuses it when present, and reports what it found.
BLOB = """
import benchit


class Blob(benchit.Runtime):
    name = "blob"
    devices = ("cpu",)

    def prepare(self, model, args, kwargs, device, artifacts):
        path = artifacts / "blob.bin"
        reused = path.is_file()
        if not reused:
            artifacts.mkdir(parents=True, exist_ok=True)
            path.write_text("genuine")
        info = {"blob_reused": reused, "blob_content": path.read_text()}
        return benchit.Prepared(step=lambda: model(*args, **kwargs), info=info)


@benchit.hookimpl
def benchit_runtimes():
    return [Blob]
"""


def _scan(tmp_path: Path) -> tuple[str, dict]:
    plugins = tmp_path / "plugins"
    plugins.mkdir(exist_ok=True)
    (plugins / "blob.py").write_text(BLOB)
    script = write_script(tmp_path, "one.py", "import torch\ntorch.nn.Linear(3, 2)(torch.randn(1, 3))\n")
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", script, "--plugins-dir", plugins, "--runtime", "blob", "--cache-dir", cache, *FAST, env=ENV
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stderr, report_df(cache, tmp_path / "r.csv").iloc[0].to_dict()


def _forget_result(cache: Path) -> Path:
    """Drop the result so that the next scan measures the pair again; return the artifact."""
    build = next((cache / "builds").iterdir())
    next((build / "results").rglob("cpu-blob.json")).unlink()
    return build / "artifacts" / "blob.bin"


def test_an_artifact_benchit_wrote_is_reused(tmp_path: Path) -> None:
    _, first = _scan(tmp_path)
    assert (first["info_blob_reused"], first["info_blob_content"]) == (False, "genuine")
    _forget_result(tmp_path / "cache")
    warnings, again = _scan(tmp_path)
    assert (again["info_blob_reused"], again["info_blob_content"]) == (True, "genuine")
    assert "not reusing" not in warnings


def test_an_artifact_changed_in_the_cache_is_rebuilt_with_a_warning(tmp_path: Path) -> None:
    _scan(tmp_path)
    blob = _forget_result(tmp_path / "cache")
    blob.write_text("planted by someone else")
    warnings, again = _scan(tmp_path)
    assert (again["info_blob_reused"], again["info_blob_content"]) == (False, "genuine")
    assert (
        f"benchit: warning: not reusing {blob}: its content is not the one benchit recorded when writing it; "
        "rebuilding it"
    ) in warnings
    assert blob.read_text() == "genuine"  # the rebuilt file replaced the planted one
