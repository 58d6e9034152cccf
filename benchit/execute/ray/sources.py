"""A script's source, and the files it imports from its own folder, packed to travel to a node."""

from __future__ import annotations

import ast
import base64
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_FILES = 200  # a folder-local package bigger than this is not a script's helper


def _imported_names(source: bytes) -> set[str]:
    """The first component of every module the source imports (``import a.b`` -> ``a``); relative
    imports count as the current folder's modules."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
            elif node.module:
                names.add(node.module.split(".")[0])
            else:
                names.update(alias.name for alias in node.names)
    return names


@dataclass(frozen=True)
class Bundle:
    """Files relative to the script's folder, with their bytes; ``script`` is the script's own name."""

    script: str
    files: dict[str, bytes] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"script": self.script, "files": {k: base64.b64encode(v).decode() for k, v in self.files.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Bundle:
        return cls(script=data["script"], files={k: base64.b64decode(v) for k, v in data["files"].items()})

    def write(self, folder: Path) -> Path:
        """Recreate the files below ``folder``; return the script's path there."""
        for name, data in self.files.items():
            target = (folder / name).resolve()
            if folder.resolve() not in target.parents:
                continue  # never write outside the folder, whatever the names say
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        return folder / self.script


def pack(script: Path) -> Bundle:
    """The script and, transitively, the ``.py`` modules and packages of its folder that it imports."""
    folder = script.parent
    files: dict[str, bytes] = {}
    pending = [script]
    while pending and len(files) < MAX_FILES:
        path = pending.pop()
        name = path.relative_to(folder).as_posix()
        if name in files:
            continue
        try:
            files[name] = path.read_bytes()
        except OSError:
            continue
        for module in _imported_names(files[name]):
            candidates = [folder / f"{module}.py"]
            package = folder / module
            if (package / "__init__.py").is_file():
                candidates += sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
            pending += [c for c in candidates if c.is_file() and c.relative_to(folder).as_posix() not in files]
    return Bundle(script=script.name, files=files)
