"""``benchit repro``: a folder that reproduces one failed result alone (``python DIR/repro.py``), checked once."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit import keys
from benchit.cli.common import default_cache_dir
from benchit.cli.report import open_cache
from benchit.config import DEFAULT_CACHE
from benchit.errors import ExitCode, UsageError
from benchit.text import printable

if TYPE_CHECKING:
    from benchit.plugins import Registry

REPRO_TIMEOUT_S = 600


def add_parser(sub: Any, registry: Registry | None) -> None:
    repro = sub.add_parser("repro", help="write a folder whose repro.py reproduces one failed result alone")
    repro.add_argument("--cache-dir", type=Path, default=None, help=f"default $BENCHIT_CACHE_DIR or {DEFAULT_CACHE}")
    repro.add_argument("result", metavar="RESULT_ID", help="the result's id, as benchit triage names it (BUILD/MEASUREMENT)")
    repro.add_argument("-o", "--output", type=Path, required=True, metavar="DIR", help="the folder to write")
    repro.add_argument("--plugins-dir", action="append", default=[], metavar="DIR",
                       help="the plugin runtime's folder (copied into DIR)")  # fmt: skip


def _find(cache: Any, result_id: str) -> tuple[Any, Any, Any]:
    """The script record, build record and result ``result_id`` names; a usage error when there is none."""
    build, _, measurement = result_id.partition("/")
    measurement, _, machine = measurement.partition("@")
    record = cache.read_build(build) if build and measurement and "/" not in measurement else None
    found = [
        r
        for r in (cache.read_results(build) if record is not None else [])
        if r.measurement == measurement and (not machine or (r.machine and r.machine.id == machine))
    ]
    if not found:
        own = cache.read_script(result_id) if "/" not in result_id else None
        if own is not None and own.status is not None and own.status.value in ("failed", "timeout", "oom", "killed"):
            raise UsageError(f"{result_id!r} is its script's own failure ({own.status.value}), not a runtime's: run the "
                             f"script alone with benchit benchmark {own.script} --analyze-only")  # fmt: skip
        raise UsageError(f"no result {result_id!r} in {cache.root} (benchit triage names each failed result's id)")
    if len(found) > 1:
        ids = ", ".join(f"{result_id}@{r.machine.id if r.machine else '?'}" for r in found)
        raise UsageError(f"{result_id!r} was measured on several machines; name one: {ids}")
    script = cache.read_script(build.rsplit("_", 1)[0])
    if script is None:
        raise UsageError(f"{result_id!r}: its script's record is missing from {cache.root}")
    return script, record, found[0]


def _opset(result: Any) -> tuple[str, int]:
    exporter = result.runtime_options.get("onnx_exporter") or result.info.get("exporter") or "dynamo"
    opset = result.runtime_options.get("opset") or result.info.get("opset")
    if not opset:
        from benchit.backends.onnxfile import default_opset

        opset = default_opset(exporter)
    return str(exporter), int(opset)


# What ``write`` puts beside the copy of the script.
OWN_FILES = ("repro.py", "repro.json", "failures.py", "building.py", "inputs.pt", "weights.pt")


def write(cache: Any, result_id: str, folder: Path, plugin_dirs: list[str]) -> dict[str, Any]:
    """Write the reproduction of ``result_id`` into ``folder``; its ``repro.json``."""
    import benchit
    from benchit import failures
    from benchit.scan import building
    from benchit.store.runs import located

    script, build, result = _find(cache, result_id)
    failure = failures.current(result)  # by the rules of the failures.py copied beside repro.py
    if failure is None:
        raise UsageError(f"{result_id!r} did not fail ({result.status}): nothing to reproduce")
    source = Path(script.script)
    if not source.is_file():
        raise UsageError(f"{result_id!r}: its script {source} is gone; repro needs it")
    if source.name in OWN_FILES:
        raise UsageError(f"{result_id!r}: its script is named {source.name}, as a file of repro's own; rename it")
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, folder / source.name)
    shutil.copy2(Path(failures.__file__), folder / "failures.py")
    shutil.copy2(Path(building.__file__), folder / "building.py")
    shutil.copy2(Path(benchit.__file__).parent / "reproscript.py", folder / "repro.py")  # never imported here
    for stale in ("inputs.pt", "weights.pt"):  # inputs of an earlier reproduction in this folder
        (folder / stale).unlink(missing_ok=True)
    plugins = []
    for index, directory in enumerate(plugin_dirs):
        target = folder / f"plugins{index}"
        shutil.copytree(directory, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))
        plugins.append(target.name)
    artifacts = []
    for key, value in located(cache, build.build_name, result).info.items():
        path = Path(str(value)) if isinstance(value, str) and str(value).startswith("/") else None
        if path is not None and path.is_file() and key.endswith("_file"):
            shutil.copy2(path, folder / path.name)
            artifacts.append(path.name)
    spec = {
        "result": result_id,
        "runtime": result.runtime,
        "device": result.device,
        "runtime_options": dict(result.runtime_options),
        "script": source.name,
        "script_args": list(script.script_args),
        "model_class": build.invocation.model_class,
        "plugins": plugins,
        "artifacts": artifacts,
        **failure.to_dict(),
    }
    if result.runtime == "ort":
        spec["exporter"], spec["opset"] = _opset(result)
    if result.info.get(keys.DIVERGED_AT):  # where an accuracy failure starts: repro.py tries it first
        spec["diverged_at"] = str(result.info[keys.DIVERGED_AT])
    (folder / "repro.json").write_text(json.dumps(spec, indent=1) + "\n")
    return spec


def run(args: argparse.Namespace, registry: Registry | None) -> int:
    cache = open_cache(args.cache_dir or default_cache_dir())
    folder = args.output.resolve()
    try:
        write(cache, args.result, folder, args.plugins_dir)
    except OSError as exc:
        from benchit.fs import write_failure

        raise write_failure(exc, folder) from None
    print(f"wrote {folder}: python {folder / 'repro.py'} reproduces {printable(args.result)}")
    with tempfile.TemporaryDirectory() as elsewhere:  # from another folder, as whoever runs it would
        try:
            done = subprocess.run([sys.executable, str(folder / "repro.py")], cwd=elsewhere, text=True,
                                  capture_output=True, timeout=REPRO_TIMEOUT_S, check=False)  # fmt: skip
        except subprocess.TimeoutExpired:
            print(f"benchit: repro.py ran past {REPRO_TIMEOUT_S} s: not checked", file=sys.stderr)
            return ExitCode.FAILURES
    lines = [line for line in done.stdout.splitlines() if line.startswith("repro:")]
    print("\n".join(printable(line) for line in lines))
    if done.returncode == 1:
        return ExitCode.OK
    tail = printable(done.stderr.strip()[-2000:], newlines=True)
    print(f"benchit: the failure did not reproduce (repro.py exited {done.returncode})" + (f"\n{tail}" if tail else ""),
          file=sys.stderr)  # fmt: skip
    return ExitCode.FAILURES
