"""The frozen configuration of one ``benchit benchmark`` run, built from the command line."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchit.measure.timing import TimingSettings

REBUILD = ("if_needed", "always", "never")


@dataclass(frozen=True)
class Config:
    """Everything a worker needs to run and measure a script; crosses processes as JSON."""

    cache_dir: Path
    devices: tuple[str, ...] = ("cpu",)
    runtimes: tuple[str, ...] = ("torch",)
    script_args: tuple[str, ...] = ()
    timeout_s: float = 300.0
    memory_limit_bytes: int | None = None
    memory_limit_default: bool = False  # the limit is the default share of free memory, not --memory-limit
    jobs: int = 1
    threads: int = 1
    analyze_only: bool = False
    rebuild: str = "if_needed"
    timing: TimingSettings = field(default_factory=TimingSettings)
    rtol: float = 1e-3
    atol: float = 1e-4
    plugin_dirs: tuple[str, ...] = ()
    preload: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["cache_dir"] = str(self.cache_dir)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        data = dict(data)
        data["cache_dir"] = Path(data["cache_dir"])
        data["timing"] = TimingSettings(**data["timing"])
        for name in ("devices", "runtimes", "script_args", "plugin_dirs", "preload"):
            data[name] = tuple(data[name])
        return cls(**data)
