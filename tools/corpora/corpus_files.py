"""Writing a generated corpus: the generators' shared file handling."""

from __future__ import annotations

import textwrap
from pathlib import Path


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
