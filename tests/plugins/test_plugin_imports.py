"""The maintained plugins under plugins/ are written against benchit's public API alone: ``benchit`` and ``benchit.api``."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import REPO

PUBLIC = ("benchit", "benchit.api")


def private_imports(source: str) -> list[str]:
    """The benchit modules ``source`` imports beyond the public API (``from benchit import api`` is public,
    and so are the package's own names: ``from benchit import Runtime, hookimpl``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "benchit":
            names = [f"benchit.{a.name}" for a in node.names if _is_module(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [n for n in names if (n == "benchit" or n.startswith("benchit.")) and n not in PUBLIC]
    return found


def _is_module(name: str) -> bool:
    package = REPO / "benchit"
    return (package / name).is_dir() or (package / f"{name}.py").is_file()


def plugin_sources() -> list[Path]:
    """Every plugin's own code (its tests may reach into benchit to drive it)."""
    return [p for p in sorted((REPO / "plugins").rglob("*.py")) if "tests" not in p.relative_to(REPO / "plugins").parts]


def test_the_rule_catches_a_private_import() -> None:
    assert private_imports("from benchit.backends import onnxfile\nimport benchit.api\n") == ["benchit.backends"]
    assert private_imports("import benchit.measure.parity as parity") == ["benchit.measure.parity"]
    assert private_imports("from benchit import records") == ["benchit.records"]
    assert (
        private_imports("import benchit\nfrom benchit import api, hookimpl, Runtime\nfrom benchit.api import x") == []
    )


def test_no_plugin_imports_benchit_internals() -> None:
    sources = plugin_sources()
    assert {p.parent.parent.name for p in sources} >= {"benchit-quantize", "benchit-openvino"}
    offenders = {str(p.relative_to(REPO)): private_imports(p.read_text()) for p in sources}
    assert {path: names for path, names in offenders.items() if names} == {}
