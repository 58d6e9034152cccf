"""``benchit plugins``: every plugin, what it provides, and what can run on this machine."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from benchit import __version__
from benchit.errors import ExitCode

if TYPE_CHECKING:
    from benchit.plugins import Registry


def add_parser(sub: Any, registry: Registry | None) -> None:
    plugins = sub.add_parser(
        "plugins", help="list plugins, their runtimes, devices, executors and corpora, and availability"
    )
    plugins.add_argument("--plugins-dir", action="append", default=[], metavar="DIR")


def run(args: argparse.Namespace, registry: Registry) -> int:
    """Every plugin with its version and what it provides, and for each runtime on each of its
    devices whether it can run on this machine, and if not, why."""
    device_reasons = {name: _why_not(device.check) for name, (device, _) in registry.devices.items()}
    failed = len(registry.failures)
    print(f"benchit {__version__}: {len(registry.plugins)} plugins" + (f", {failed} failed to load" if failed else ""))
    for info in registry.plugins:
        version = getattr(info.module, "__version__", info.version) if info.version == "local" else info.version
        print(f"\n{info.name} {version} ({info.source})")
        if info.error:
            print(f"    FAILED to load: {info.error}")
            continue
        lines = [
            f"    device {name}: {device.description}: {_state(device_reasons[name])}"
            for name, (device, plugin) in registry.devices.items()
            if plugin == info.name
        ]
        for name, (cls, plugin) in registry.runtimes.items():
            if plugin == info.name:
                lines.append(f"    runtime {name}: {cls.description}")
                lines += [f"        {line}" for line in _runtime_lines(registry, cls, device_reasons)]
        lines += [
            f"    report format {name} ({cls.suffix}): {cls.description}"
            for name, (cls, plugin) in registry.load_reporters().items()
            if plugin == info.name
        ]
        for name, (executor, plugin) in registry.executors.items():
            if plugin == info.name:
                lines.append(f"    executor {name}: {executor.description}")
        lines += [
            f"    corpus {name}: {corpus.description}"
            for name, (corpus, plugin) in registry.load_corpora().items()
            if plugin == info.name
        ]
        print("\n".join(lines) or "    (no runtimes, devices, executors or reporters: options or other hooks only)")
    return ExitCode.OK


def _why_not(check: Any) -> str | None:
    """``None`` when ``check()`` passes, else the reason; a check that crashes is a reason too."""
    from benchit.errors import Unavailable

    try:
        check()
    except Unavailable as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - a plugin's broken check must not hide the others
        return f"its check raised {type(exc).__name__}: {exc}"
    return None


def _state(reason: str | None) -> str:
    return "available" if reason is None else f"unavailable ({reason})"


def _runtime_lines(registry: Registry, cls: Any, device_reasons: dict[str, str | None]) -> list[str]:
    """One line for the devices the runtime can use here, one per device it cannot (with the
    runtime's reason), and one for its devices that are themselves unavailable here. The
    runtime is asked even where the device is missing: what else a GPU machine would need
    (a provider, a compiler) is worth knowing before moving there."""
    ready, lines, absent = [], [], []
    runtime = cls({})
    extra = [
        name for name, (device, _) in registry.devices.items() if name not in cls.devices and runtime.supports(device)
    ]
    for name in [*cls.devices, *extra]:
        if name not in registry.devices:
            lines.append(f"{name}: unavailable (no plugin provides device {name})")
            continue
        reason = _why_not(lambda name=name: runtime.check(registry.device(name)))
        if device_reasons[name] is None and reason is None:
            ready.append(name)
        elif device_reasons[name] is None:
            lines.append(f"{name}: {_state(reason)}")
        elif reason is None:
            absent.append(name)
        else:
            lines.append(f"{name}: unavailable (the device is not available here; {reason})")
    head = [f"{', '.join(ready)}: available"] if ready else []
    tail = [f"{', '.join(absent)}: unavailable (the device is not available here)"] if absent else []
    return head + lines + tail
