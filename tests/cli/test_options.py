"""The option table: it makes the command line and the suite schema, and both reach the same Config."""

from __future__ import annotations

import argparse
import textwrap
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from benchit import options, plugins
from benchit.cli import build_parser
from benchit.cli.benchmark import plan, values_of
from benchit.cli.run import plan_suite
from benchit.config import REBUILD
from benchit.errors import UsageError
from benchit.options import PluginOptions
from benchit.suite import loader


@pytest.fixture(scope="module")
def registry() -> Any:
    return plugins.load([])


def test_every_suite_key_of_the_table_is_read_by_the_suite_schema() -> None:
    for key, option in options.suite_keys().items():
        assert key in loader.KEYS, option.dest
    for section in options.sections():
        assert section in loader.KEYS and options.suite_keys(section)
    own = set(loader.KEYS) - set(options.suite_keys()) - set(options.sections())
    assert own == {"inherits", "executor_address", "matrix", "exclude", "options"}  # the suite's own structure


def test_benchmark_parses_to_the_table_defaults(registry: Any) -> None:
    args = build_parser(registry).parse_args(["benchmark"])
    values, plugin_values = values_of(args)
    assert values == options.defaults()
    assert {o.dest for o in options.OPTIONS if o.flags} <= set(vars(args))
    assert plugin_values["ray_address"] is None and plugin_values["onnx_exporter"] == "dynamo"
    assert [o for o in options.OPTIONS if o.dest == "rebuild"][0].choices == REBUILD


def test_run_leaves_options_not_given_unset(registry: Any) -> None:
    args = build_parser(registry).parse_args(["run", "s.yaml", "--timeout", "300", "--onnx-exporter", "torchscript"])
    given = {o.dest for o in options.OPTIONS if hasattr(args, o.dest)}
    assert given == {"timeout"}  # given, even at its default value: it overrides the suite
    assert not hasattr(args, "ray_address") and args.onnx_exporter == "torchscript"
    assert args.plugin_defaults["onnx_exporter"] == "dynamo"


def test_a_suite_and_the_command_line_give_the_same_config(tmp_path: Path, registry: Any) -> None:
    script = tmp_path / "one.py"
    script.write_text("import torch\n")
    cache = tmp_path / "cache"
    suite_file = tmp_path / "s.yaml"
    suite_file.write_text(
        textwrap.dedent(
            f"""
            e:
              files: [one.py]
              devices: cpu
              runtimes: [torch, ort]
              precision: fp32,bf16
              script_args: --batch_size 2
              timeout: 7
              memory_limit: 3G
              cache_dir: {cache}
              jobs: 2
              threads: 3
              max_depth: 1
              rebuild: always
              analyze_only: true
              timing: {{min_iterations: 8, min_time: 0, max_time: 2, warmup_time: 1, ci_tolerance: 0.05}}
              parity: {{rtol: 0.01, atol: 0, tolerance: {{bf16: [0.1, 0.02]}}}}
              options: {{onnx_exporter: torchscript}}
            """
        )
    )
    argv = [
        *("benchmark", str(script), "--device", "cpu", "--runtime", "torch,ort", "--precision", "fp32,bf16"),
        *("--script-args", "--batch_size 2", "--timeout", "7", "--memory-limit", "3G", "--cache-dir", str(cache)),
        *("-j", "2", "--threads", "3", "--max-depth", "1", "--rebuild", "always", "--analyze-only"),
        *("--min-iterations", "8", "--min-time", "0", "--max-time", "2", "--warmup-time", "1"),
        *("--ci-tolerance", "0.05", "--rtol", "0.01", "--atol", "0", "--tolerance", "bf16=0.1:0.02"),
        *("--onnx-exporter", "torchscript"),
    ]
    from_cli = plan(*values_of(build_parser(registry).parse_args(argv)), registry)
    args = build_parser(registry).parse_args(["run", str(suite_file)])
    ((name, from_suite),) = plan_suite(loader.load(suite_file), args, registry)
    assert name == "e"
    assert from_suite.config == from_cli.config
    assert from_cli.config.timeout_s == 7 and from_cli.config.timing.min_iterations == 8
    assert from_cli.config.tolerances == {"bf16": (0.1, 0.02)}
    assert from_cli.config.options["onnx_exporter"] == "torchscript"
    assert [s.path for s in from_suite.scripts] == [s.path for s in from_cli.scripts]

    # The command line overrides the suite, for the table's options and the plugins' alike.
    args = build_parser(registry).parse_args(["run", str(suite_file), "--timeout", "300", "--onnx-exporter", "dynamo"])
    ((_, overridden),) = plan_suite(loader.load(suite_file), args, registry)
    expected = replace(
        from_cli.config,
        timeout_s=300.0,
        options={**from_cli.config.options, "onnx_exporter": "dynamo"},
        runtime_options={},  # dynamo is ort's default exporter: no option of its identity differs
    )
    assert overridden.config == expected


def test_a_suite_option_no_plugin_adds_names_the_line(tmp_path: Path, registry: Any) -> None:
    suite_file = tmp_path / "s.yaml"
    suite_file.write_text("e:\n  files: [one.py]\n  options:\n    no_such: 1\n")
    args = build_parser(registry).parse_args(["run", str(suite_file)])
    with pytest.raises(
        UsageError, match=r"s.yaml:4: no plugin adds the option 'no_such' \(plugin options: .*ray_address"
    ):
        plan_suite(loader.load(suite_file), args, registry)


def test_plugin_options_are_recorded_with_their_defaults_through_groups() -> None:
    parser = argparse.ArgumentParser()
    recorder = PluginOptions(parser)
    recorder.add_argument("--level", type=int, default=3)
    group = recorder.add_argument_group("a plugin")
    group.add_argument("--fast", action="store_true")
    group.add_mutually_exclusive_group().add_argument("--mode", choices=("a", "b"))
    recorder.set_defaults(other=1)  # anything else is argparse's own parser
    assert recorder.defaults == {"level": 3, "fast": False, "mode": None}
    assert vars(parser.parse_args(["--fast"])) == {"level": 3, "fast": True, "mode": None, "other": 1}

    overrides = argparse.ArgumentParser()
    recorder = PluginOptions(overrides, overrides=True)
    recorder.add_argument_group("g").add_argument("--level", type=int, default=3)
    recorder.add_argument("--fast", action="store_true")
    assert recorder.defaults == {"level": 3, "fast": False}
    assert vars(overrides.parse_args([])) == {}
    assert vars(overrides.parse_args(["--level", "3"])) == {"level": 3}
