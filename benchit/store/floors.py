"""The machine's noise floors: one JSON file per machine, thread count and torch version, beside the caches."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from benchit import fs, safejson
from benchit.floor import Floor, release

DEFAULT_FOLDER = "~/.cache/benchit/calibration"  # unless $BENCHIT_CALIBRATION_DIR says otherwise
VARIABLE = "BENCHIT_CALIBRATION_DIR"


def folder() -> Path:
    """Where this machine's floors are kept: ``$BENCHIT_CALIBRATION_DIR``, else ``~/.cache/benchit/calibration``."""
    return Path(os.environ.get(VARIABLE) or DEFAULT_FOLDER).expanduser()


def save(floor: Floor, where: Path | None = None) -> Path:
    """Write ``floor`` atomically (replacing the one of the same machine, threads and torch)."""
    where = where or folder()
    path = where / floor.file_name
    with fs.writing(path):
        where.mkdir(parents=True, exist_ok=True)
        fs.write_json(path, {"format": 1, **floor.to_dict()})
    return path


def load(where: Path | None = None) -> list[Floor]:
    """Every floor in the folder; an unreadable file is skipped with a warning on stderr."""
    where = where or folder()
    floors = []
    for path in sorted(where.glob("*.json")) if where.is_dir() else []:
        if fs.is_temp(path.name) or path.is_symlink():
            continue
        try:
            data = safejson.loads(path.read_bytes(), max_bytes=safejson.MAX_RECORD_BYTES)
            floors.append(Floor.from_dict(data))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"benchit: warning: skipped {path}: not a noise floor ({type(exc).__name__}: {exc})", file=sys.stderr)
    return floors


def find(machine_id: str, threads: int, torch: str, where: Path | None = None) -> Floor | None:
    """The floor of this machine at ``threads`` with this torch, or None."""
    return next((f for f in load(where) if f.key == (machine_id, threads, release(torch))), None)
