"""Writing a generated corpus: the generators' shared file handling."""

from __future__ import annotations

import functools
import importlib.util
import re
import textwrap
from pathlib import Path

# How transformers and diffusers ask whether an optional package is installed.
_PROBES = re.compile(r'(?:_is_package_available|find_spec)\(\s*"([^"]+)"')


@functools.cache
def optional_packages() -> frozenset[str]:
    """The optional packages transformers and diffusers look for. A script named like one of them
    would shadow it (a script's folder comes first on ``sys.path``): the library would find the
    script, import it as the package, and fail. Generators keep their names out of this set."""
    names: set[str] = set()
    for library in ("transformers.utils.import_utils", "diffusers.utils.import_utils"):
        spec = importlib.util.find_spec(library)
        if spec and spec.origin:
            names |= set(_PROBES.findall(Path(spec.origin).read_text()))
    return frozenset(names)


def clear(folder: Path) -> None:
    """Delete a corpus's scripts (and those in its ``skip/``), so a full run drops removed entries."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in list(folder.glob("*.py")) + list(folder.glob("skip/*.py")):
        old.unlink()


def write(folder: Path, name: str, text: str, skip: str = "") -> Path:
    """Write script ``name``; with a ``skip`` reason it goes to ``skip/``, the reason under its labels line."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    if skip:
        (folder / "skip").mkdir(exist_ok=True)
        path = folder / "skip" / f"{name}.py"
        label, rest = text.split("\n", 1)
        reason = textwrap.wrap(f"skipped: {skip}", 98)
        text = label + "\n" + "".join(f"# {line}\n" for line in reason) + rest
    path.write_text(text)
    return path
