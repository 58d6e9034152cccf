"""Building the plugin manager (built-ins, ``benchit`` entry points, local plugin folders) and the registry."""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pluggy

from benchit import __version__, hookspecs
from benchit.errors import PluginError, UsageError
from benchit.text import one_line

if TYPE_CHECKING:
    from benchit.contracts import Corpus, Device, Executor, Reporter, Runtime
    from benchit.options import PluginOptions

ENTRY_POINT_GROUP = "benchit"
DISTRIBUTION = "benchit-zoo"  # the package the built-in plugins come with
BUILTINS = (
    "benchit.backends.devices",
    "benchit.backends.runtimes.torch",
    "benchit.backends.runtimes.compile",
    "benchit.backends.runtimes.onnxruntime",
    "benchit.report.builtins",
    "benchit.execute.local",
    "benchit.execute.ray",
    "benchit.backends.corpora",
)


@dataclass
class PluginInfo:
    name: str
    version: str
    source: str  # "builtin", "entry point <dist>", or a file path
    module: ModuleType | None = None
    error: str | None = None

    @property
    def package(self) -> str:
        """What provides the plugin: a distribution's name (``benchit-zoo`` for the built-ins) or a file."""
        return DISTRIBUTION if self.source == "builtin" else self.source.removeprefix("entry point of ")


@dataclass
class Registry:
    """Every plugin, runtime and device known to this process."""

    manager: pluggy.PluginManager
    plugins: list[PluginInfo] = field(default_factory=list)
    runtimes: dict[str, tuple[type[Runtime], str]] = field(default_factory=dict)
    devices: dict[str, tuple[Device, str]] = field(default_factory=dict)
    reporters: dict[str, tuple[type[Reporter], str]] = field(default_factory=dict)
    executors: dict[str, tuple[type[Executor], str]] = field(default_factory=dict)
    corpora: dict[str, tuple[Corpus, str]] = field(default_factory=dict)
    _corpora_loaded: bool = False

    @property
    def failures(self) -> list[PluginInfo]:
        return [p for p in self.plugins if p.error]

    def runtime(self, name: str, options: dict[str, Any]) -> Runtime:
        return self.runtimes[name][0](options)

    def runtime_options(
        self, runtimes: list[str] | tuple[str, ...], values: dict[str, Any]
    ) -> dict[str, dict[str, str]]:
        """Per runtime, the options it declares in ``identity_options`` whose value in ``values``
        (the plugins' option values, by dest) differs from the option's default, as text."""
        import argparse

        from benchit.options import PluginOptions

        parser = PluginOptions(argparse.ArgumentParser(add_help=False))
        self.add_options(parser)  # the options' defaults, as the command line declares them
        found: dict[str, dict[str, str]] = {}
        for name in runtimes:
            declared = getattr(self.runtimes[name][0], "identity_options", ()) if name in self.runtimes else ()
            changed = {
                dest: str(values[dest])
                for dest in declared
                if values.get(dest) is not None and values.get(dest) != parser.defaults.get(dest)
            }
            if changed:
                found[name] = changed
        return found

    def device(self, name: str) -> Device:
        return self.devices[name][0]

    def load_reporters(self) -> dict[str, tuple[type[Reporter], str]]:
        """Every output format (asked for only by the commands that write reports, so that
        workers never import them); two plugins providing one name raise ``PluginError``."""
        if not self.reporters:
            for plugin, classes in self.answers("benchit_reporters"):
                for cls in classes or ():
                    _add(self.reporters, cls.name, cls, plugin, "reporter")
        return self.reporters

    def load_corpora(self) -> dict[str, tuple[Corpus, str]]:
        """Every named corpus, with the plugin that provides it (asked for only where a corpus is
        looked up, so that workers never call the hook); two plugins providing one name raise
        ``PluginError``."""
        if not self._corpora_loaded:
            self._corpora_loaded = True
            for plugin, corpora in self.answers("benchit_corpora"):
                for corpus in corpora or ():
                    _add(self.corpora, corpus.name, corpus, plugin, "corpus")
        return self.corpora

    def plugin(self, name: str) -> PluginInfo | None:
        return next((info for info in self.plugins if info.name == name), None)

    def search_dir(self, text: str) -> Path:
        """What ``--search-dir TEXT`` (or a suite's ``search_dir``) scans: an existing directory wins,
        else the folder of the corpus called TEXT; ``UsageError`` listing the corpora if neither."""
        path = Path(text)
        if path.is_dir():
            return path
        corpora = self.load_corpora()
        if text in corpora:
            return corpora[text][0].folder
        known = ", ".join(sorted(corpora)) or "none"
        raise UsageError(
            f"--search-dir {text}: no such directory, nor a corpus (corpora: {known}; see benchit corpora)"
        )

    def answers(self, hook: str, **kwargs: Any) -> list[tuple[str, Any]]:
        """Each plugin's answer to ``hook`` called with ``kwargs``, with the plugin's name (for
        errors that name it), in the order plugins were registered. Each plugin is called through
        pluggy, so an implementation may accept fewer arguments than the hook declares."""
        answers = []
        for impl in getattr(self.manager.hook, hook).get_hookimpls():
            others = [p for p in self.manager.get_plugins() if p is not impl.plugin]
            for answer in self.manager.subset_hook_caller(hook, others)(**kwargs):
                answers.append((impl.plugin_name, answer))
        return answers

    def add_options(self, parser: PluginOptions) -> None:
        """Let every plugin add its options to ``benchit benchmark`` (``benchit_addoption``)."""
        self.manager.hook.benchit_addoption(parser=parser)

    def preload(self, runtimes: list[str]) -> list[str]:
        """The modules plugins want warm workers to import for ``runtimes`` (``benchit_preload``)."""
        return [module for modules in self.manager.hook.benchit_preload(runtimes=runtimes) for module in modules or ()]

    def executor(self, name: str) -> type[Executor]:
        """The executor class called ``name``; ``UsageError`` naming those available if none is."""
        if name not in self.executors:
            raise UsageError(f"unknown executor {name!r} (available: {', '.join(self.executors) or 'none'})")
        return self.executors[name][0]

    def check_names(self, devices: list[str], runtimes: list[str]) -> None:
        for name in devices:
            if name not in self.devices:
                raise UsageError(f"unknown --device {name!r}; choose from {', '.join(self.devices)}")
        for name in runtimes:
            if name not in self.runtimes:
                raise UsageError(f"unknown --runtime {name!r}; choose from {', '.join(self.runtimes)}")


def _load_file(path: Path) -> ModuleType:
    name = f"benchit_local_plugin_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _candidates(plugin_dirs: tuple[str, ...] | list[str]) -> list[tuple[str, str, str, Any]]:
    """(name, version, source, loader) for every plugin, built-ins first."""
    found: list[tuple[str, str, str, Any]] = [
        (name, __version__, "builtin", lambda name=name: importlib.import_module(name)) for name in BUILTINS
    ]
    for ep in sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        dist = ep.dist
        version = dist.version if dist else "?"
        source = f"entry point of {dist.metadata['Name'] if dist else '?'}"
        found.append((ep.name, version, source, ep.load))
    for folder in plugin_dirs:
        directory = Path(folder)
        if not directory.is_dir():
            raise UsageError(f"--plugins-dir {folder}: no such directory")
        for path in sorted(directory.glob("*.py")):
            if not path.name.startswith("_"):
                found.append((path.stem, "local", str(path), lambda path=path: _load_file(path)))
    return found


def load(plugin_dirs: tuple[str, ...] | list[str] = ()) -> Registry:
    """Load every plugin and collect their runtimes, devices and executors (reporters load on demand).

    A plugin that fails to import is recorded, not raised; two plugins providing one name, or a
    ``@hookimpl`` that is no benchit hook, raise ``PluginError`` naming the plugins."""
    manager = pluggy.PluginManager("benchit")
    manager.add_hookspecs(hookspecs)
    registry = Registry(manager)
    for name, version, source, loader in _candidates(plugin_dirs):
        info = PluginInfo(name, version, source)
        registry.plugins.append(info)
        try:
            info.module = loader()
            manager.register(info.module, name=name)
        except Exception as exc:  # noqa: BLE001 - a broken plugin is reported, not fatal
            info.error = one_line(exc)
    _check_hook_names(manager)
    for plugin, classes in registry.answers("benchit_runtimes"):
        for cls in classes or ():
            _add(registry.runtimes, cls.name, cls, plugin, "runtime")
    for plugin, devices in registry.answers("benchit_devices"):
        for device in devices or ():
            _add(registry.devices, device.name, device, plugin, "device")
    for plugin, classes in registry.answers("benchit_executors"):
        for cls in classes or ():
            _add(registry.executors, cls.name, cls, plugin, "executor")
    return registry


def _check_hook_names(manager: pluggy.PluginManager) -> None:
    """``PluginError`` naming the plugin and the hook when a ``@hookimpl`` is no benchit hook (a
    misspelt name would otherwise never be called, silently)."""
    try:
        manager.check_pending()
    except pluggy.PluginValidationError as exc:
        plugin = manager.get_name(exc.plugin) or repr(exc.plugin)
        unknown = sorted(
            name
            for name, caller in vars(manager.hook).items()
            if not name.startswith("_")
            and not caller.has_spec()
            and any(impl.plugin is exc.plugin for impl in caller.get_hookimpls())
        )
        raise PluginError(
            f"plugin {plugin} implements {', '.join(map(repr, unknown))}, which is no benchit hook "
            f"(the hooks are listed in docs/plugins.md)"
        ) from None


def _add(table: dict[str, tuple[Any, str]], name: str, value: Any, plugin: str, kind: str) -> None:
    if not name:
        raise PluginError(f"plugin {plugin} provides a {kind} without a name")
    if name in table:
        raise PluginError(f"{kind} {name!r} is provided by two plugins: {table[name][1]} and {plugin}")
    table[name] = (value, plugin)
