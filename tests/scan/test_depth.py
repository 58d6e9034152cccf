"""--max-depth: submodules captured and benchmarked as builds of their own, with their module
path and parent, deduplicated like top-level models."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import FAST, report_df, run_benchit, write_script

TWO_LAYERS = """
import torch


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.linear(x))


class TwoLayers(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([Block(), Block()])
        self.head = torch.nn.Linear(8, 2)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.head(x)


TwoLayers().eval()(torch.randn(3, 8))
"""


def test_max_depth_1_gives_the_model_and_its_children(tmp_path: Path) -> None:
    script = write_script(tmp_path, "two.py", TWO_LAYERS)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", script, "--max-depth", "1", "--cache-dir", cache, *FAST)
    assert done.returncode == 0, done.stdout + done.stderr
    df = report_df(cache).astype(object).fillna("")
    rows = {r.model_class: r for r in df.itertuples()}
    assert sorted(rows) == ["Block", "Linear", "TwoLayers"]
    top = rows["TwoLayers"]
    assert (top.module_path, top.parent_build, top.call_count) == ("", "", 1)
    # The two identical layers are one build called twice, named by the first one's path.
    assert (rows["Block"].module_path, rows["Block"].parent_build, rows["Block"].call_count) == (
        "layers.0",
        top.build_name,
        2,
    )
    assert (rows["Linear"].module_path, rows["Linear"].parent_build) == ("head", top.build_name)
    assert set(df["status"]) == {"ok"}
    build = json.loads((cache / "builds" / rows["Block"].build_name / "build.json").read_text())
    assert (build["module_path"], build["parent_build"]) == ("layers.0", top.build_name)


def test_depth_0_is_the_default_and_captures_only_the_model(tmp_path: Path) -> None:
    script = write_script(tmp_path, "two.py", TWO_LAYERS)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", script, "--analyze-only", "--cache-dir", cache)
    assert done.returncode == 0, done.stdout + done.stderr
    assert list(report_df(cache)["model_class"]) == ["TwoLayers"]
    deeper = run_benchit("benchmark", script, "--analyze-only", "--max-depth", "2", "--cache-dir", cache)
    assert deeper.returncode == 0, deeper.stdout + deeper.stderr
    df = report_df(cache).astype(object).fillna("")
    # A new depth is a new run of the script; depth 2 reaches the Linear inside each Block.
    assert sorted(df["module_path"]) == ["", "head", "layers.0", "layers.0.linear"]
