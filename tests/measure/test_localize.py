"""Where an accuracy failure starts (measure/localize.py): a runtime wrong in one kind of layer, found by running submodules alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import torch

from benchit.backends.devices import CPU
from benchit.config import Config, TimingSettings
from benchit.contracts import Prepared, Runtime
from benchit.measure import localize
from benchit.measure.bench import benchmark
from benchit.measure.parity import DEFAULT_TOLERANCES
from benchit.measure.placement import Placement
from benchit.records import Invocation
from benchit.scan.capture import Captured


class Wrong(Runtime):
    """Eager torch, except that every layer of ``kind`` adds 0.05 to its output."""

    name = "wrong"
    devices = ("cpu",)
    kind: type = torch.nn.GELU

    def prepare(self, model: Any, args: tuple, kwargs: dict, device: Any, artifacts: Path) -> Prepared:
        def step() -> Any:
            handles = [m.register_forward_hook(lambda mod, i, o: o + 0.05) for m in model.modules()
                       if isinstance(m, self.kind)]  # fmt: skip
            try:
                with torch.no_grad():
                    return model(*args, **kwargs)
            finally:
                for handle in handles:
                    handle.remove()

        return Prepared(step=step)


class Clean(Wrong):
    name = "clean"
    kind = type(None)


class Gate(torch.nn.Module):
    """A submodule called with a keyword and a tuple, whose activation is reused twice."""

    def __init__(self) -> None:
        super().__init__()
        self.proj = torch.nn.Linear(8, 8)
        self.act = torch.nn.Tanh()

    def forward(self, pair: tuple[torch.Tensor, torch.Tensor], *, scale: float = 1.0) -> torch.Tensor:
        a, b = pair
        return self.act(self.proj(a)) * self.act(b) * scale


class Block(torch.nn.Module):
    def __init__(self, act: torch.nn.Module) -> None:
        super().__init__()
        self.norm = torch.nn.LayerNorm(8)
        self.fc = torch.nn.Linear(8, 8)
        self.act = act

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.act(self.fc(self.norm(x)))


class Net(torch.nn.Module):
    """Blocks with ReLU, then with GELU, a gate called with a tuple and a keyword, then a head."""

    def __init__(self) -> None:
        super().__init__()
        self.body = torch.nn.Sequential(Block(torch.nn.ReLU()), Block(torch.nn.ReLU()), Block(torch.nn.GELU()),
                                        Block(torch.nn.GELU()))  # fmt: skip
        self.gate = Gate()
        self.head = torch.nn.Linear(8, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.body(x)
        return self.head(self.gate((h, x), scale=0.5))


class OwnCode(torch.nn.Module):
    """A model whose error is made in its own forward, between submodules that are right alone."""

    def __init__(self) -> None:
        super().__init__()
        self.a, self.b = torch.nn.Linear(8, 8), torch.nn.Linear(8, 8)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.b(torch.nn.functional.gelu(self.a(x)))


class Functional(Wrong):
    """Wrong in ``F.gelu`` called by a model's own code."""

    name = "functional"

    def prepare(self, model: Any, args: tuple, kwargs: dict, device: Any, artifacts: Path) -> Prepared:
        def step() -> Any:
            gelu = torch.nn.functional.gelu
            torch.nn.functional.gelu = lambda x, **kw: gelu(x, **kw) + 0.05  # type: ignore[assignment]
            try:
                with torch.no_grad():
                    return model(*args, **kwargs)
            finally:
                torch.nn.functional.gelu = gelu

        return Prepared(step=step)


def _model() -> tuple[torch.nn.Module, tuple]:
    torch.manual_seed(0)
    return Net().eval(), (torch.randn(4, 8),)


def _search(runtime: Runtime, model: torch.nn.Module, args: tuple, tmp_path: Path, budget: float = 60.0,
            **kw: Any) -> localize.Divergence:  # fmt: skip
    return localize.localize(model, args, {}, runtime, CPU(), tmp_path, DEFAULT_TOLERANCES["fp32"], budget, **kw)


def test_a_runtime_wrong_in_gelu_diverges_at_the_first_gelu(tmp_path: Path) -> None:
    found = _search(Wrong(), *_model(), tmp_path, end_to_end=0.2)
    assert (found.status, found.at, found.cls) == (localize.FOUND, "body.2.act", "GELU")
    assert found.path.startswith("body (") and " > body.2 (" in found.path and found.path.endswith(")")
    assert found.error is not None and 0.005 < found.error < 1.0
    assert found.end_to_end == 0.2
    # body.0 and body.1 pass, body.2 fails; inside it norm and fc pass before act fails
    assert found.checked == 1 + 3 + 3
    assert (tmp_path / "localize" / "body.2.act").is_dir()
    facts = found.facts()
    assert facts["diverged_at"] == "body.2.act" and facts["localize_status"].startswith("found")


def test_a_layer_reused_and_called_with_a_tuple_and_a_keyword_is_replayed_call_by_call(tmp_path: Path) -> None:
    class WrongTanh(Wrong):
        kind = torch.nn.Tanh

    found = _search(WrongTanh(), *_model(), tmp_path)
    assert (found.at, found.cls) == ("gate.act", "Tanh"), found
    assert found.checked == 1 + 1 + 2  # body passes; gate (tuple, keyword) fails; gate.proj passes, gate.act fails


def test_an_error_made_in_a_models_own_code_names_it(tmp_path: Path) -> None:
    torch.manual_seed(0)
    found = _search(Functional(), OwnCode().eval(), (torch.randn(4, 8),), tmp_path)
    assert (found.status, found.at, found.cls) == (localize.FOUND, localize.ROOT, "OwnCode")
    assert "its own code" in found.reason


def test_a_budget_too_small_says_it_ran_out(tmp_path: Path) -> None:
    ticks = iter(range(1000))
    found = _search(Wrong(), *_model(), tmp_path, budget=2.5, clock=lambda: float(next(ticks)))
    assert found.status == localize.OUT_OF_TIME
    assert found.facts()["localize_status"].startswith("budget ran out: after")
    assert found.checked < 7


def _placement(model: torch.nn.Module, args: tuple) -> Placement:
    invocation = Invocation(hash="0123abcd", model_class=type(model).__name__, params=1, signature={},
                            input_shapes="x: float32[4,8]", batch_size=4, call_site="test")  # fmt: skip
    return Placement(Captured(model, args, {}, invocation), CPU())


def _config(tmp_path: Path, **kw: Any) -> Config:
    timing = TimingSettings(min_iterations=4, min_time_s=0.0, max_time_s=0.05, warmup_max_s=0.02, rounds=1, passes=1)
    return Config(cache_dir=tmp_path, threads=1, timing=timing, **kw)


def test_benchmark_records_diverged_at_only_for_a_failed_parity(tmp_path: Path) -> None:
    wrong = benchmark(_placement(*_model()), Wrong(), _config(tmp_path), tmp_path)
    assert wrong.parity is not None and wrong.parity.verdict == "failed"
    assert (wrong.info["diverged_at"], wrong.info["diverged_class"]) == ("body.2.act", "GELU")
    assert wrong.info["diverged_end_to_end_error"] == wrong.parity.to_dict()["error_to_scale"]
    clean = benchmark(_placement(*_model()), Clean(), _config(tmp_path), tmp_path)
    assert clean.parity is not None and clean.parity.verdict == "passed"
    assert not {k for k in clean.info if k.startswith(("diverged", "localize"))}
    off = benchmark(_placement(*_model()), Wrong(), _config(tmp_path, localize_s=0.0), tmp_path)
    assert off.parity is not None and off.parity.verdict == "failed"
    assert not {k for k in off.info if k.startswith(("diverged", "localize"))}


# -- end to end: benchit benchmark with a plugin runtime wrong in GELU layers, then report and triage
GELU_BUG = """
import os, time
import torch
import benchit

class GeluBug(benchit.Runtime):
    name = "gelu-bug"
    description = "eager torch, with an error added by every GELU layer"

    def prepare(self, model, args, kwargs, device, artifacts):
        time.sleep(float(os.environ.get("GELU_BUG_SLEEP", "0")))
        def step():
            handles = [m.register_forward_hook(lambda mod, i, o: o + 0.05) for m in model.modules()
                       if isinstance(m, torch.nn.GELU)]
            try:
                with torch.no_grad():
                    return model(*args, **kwargs)
            finally:
                for handle in handles:
                    handle.remove()
        return benchit.Prepared(step=step)

@benchit.hookimpl
def benchit_runtimes():
    return [GeluBug]
"""
MIXED = """
from collections import OrderedDict as Named
import torch
torch.manual_seed(0)
def block(act):
    return torch.nn.Sequential(Named(conv=torch.nn.Conv1d(4, 4, 3, padding=1), norm=torch.nn.BatchNorm1d(4), act=act))
model = torch.nn.Sequential(Named(stem=block(torch.nn.ReLU()), mid=block(torch.nn.Tanh()), top=block(torch.nn.GELU()),
                                  flat=torch.nn.Flatten(), head=torch.nn.Linear(32, 3), out=torch.nn.GELU())).eval()
model(torch.randn(2, 4, 8))
"""
CLEAN = """
import torch
torch.manual_seed(0)
torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.LayerNorm(8), torch.nn.ReLU(), torch.nn.Linear(8, 2)).eval()(torch.randn(2, 8))
"""


def _scan(tmp_path: Path, cache: Path, *args: str, env: dict[str, str] | None = None) -> Any:
    from helpers import FAST, local_plugin, report_df, run_benchit, write_script

    plugins = local_plugin(tmp_path / "plugins", "gelubug", GELU_BUG)
    write_script(tmp_path / "scripts", "mixed.py", MIXED)
    write_script(tmp_path / "scripts", "clean.py", CLEAN)
    done = run_benchit("benchmark", "--all", "--search-dir", tmp_path / "scripts", "--runtime", "gelu-bug",
                       "--plugins-dir", plugins, "--cache-dir", cache, *FAST, *args, env=env)  # fmt: skip
    assert done.returncode in (0, 1), done.stdout + done.stderr
    df = report_df(cache)
    return done, df.set_index(df["model_class"].where(df["relative_path"] != "clean.py", "clean"))


def test_benchmark_names_the_first_gelu_of_a_plugin_runtime_and_nothing_for_a_clean_model(tmp_path: Path) -> None:
    import json

    from helpers import run_benchit

    cache = tmp_path / "cache"
    _, df = _scan(tmp_path, cache)
    wrong, clean = df.loc["Sequential"], df.loc["clean"]
    assert not wrong["parity_passed"]
    assert (wrong["diverged_at"], wrong["diverged_class"]) == ("top.act", "GELU")
    assert wrong["diverged_path"].startswith("top (") and " > top.act (" in wrong["diverged_path"]
    assert wrong["localize_status"].startswith("found")
    assert 0 < wrong["diverged_error"] and 0 < wrong["diverged_end_to_end_error"]
    assert clean["parity_passed"] and all(clean[k] != clean[k] for k in ("diverged_at", "localize_status"))  # NaN
    shown = run_benchit("report", "--cache-dir", cache, cwd=tmp_path)
    assert "diverged at top.act (GELU), error" in shown.stdout, shown.stdout
    done = run_benchit("triage", cache, "--format", "json")
    (cluster,) = json.loads(done.stdout)["clusters"]
    assert cluster["diverged_at"] == "top.act (GELU)"
    assert [r["diverged_at"] for r in cluster["results"]] == ["top.act"]
    text = run_benchit("triage", cache).stdout
    assert "diverged at: top.act (GELU)" in text, text


def test_a_budget_of_zero_turns_it_off_and_one_too_small_says_it_ran_out(tmp_path: Path) -> None:
    _, df = _scan(tmp_path, tmp_path / "off", "--localize-time", "0")
    off = df.loc["Sequential"]
    assert not off["parity_passed"] and off["localize_status"] != off["localize_status"]  # NaN: not searched
    _, df = _scan(tmp_path, tmp_path / "short", "--localize-time", "0.05", env={"GELU_BUG_SLEEP": "0.1"})
    short = df.loc["Sequential"]
    assert short["localize_status"].startswith("budget ran out"), short["localize_status"]
    # Each check sleeps 0.1 s, twice the budget: at most the first starts (none where recording
    # the tree took the whole budget, as on a busy machine).
    assert short["localize_checked"] in (0, 1)
