"""The hooks a benchit plugin can implement; built-in devices and runtimes use the same ones.

A plugin is a module with functions decorated ``@benchit.hookimpl`` whose names are
the hooks below. Hooks only ever gain arguments, so a plugin may accept fewer.
"""

from __future__ import annotations

from benchit.contracts import Corpus, Device, Executor, Reporter, Runtime
from benchit.markers import hookimpl, hookspec
from benchit.options import PluginOptions

__all__ = ["hookimpl", "hookspec"]  # hookimpl here too: plugins written before benchit.markers import it


@hookspec
def benchit_addoption(parser: PluginOptions) -> None:
    """Add options to ``benchit benchmark`` (and to ``benchit run``, where they override a suite).

    Called once while the command line is built, with the ``benchmark`` subcommand's parser
    wrapped so that benchit knows each option's dest and default: use it as an
    ``argparse.ArgumentParser`` (``add_argument``, ``add_argument_group``). Parsed values reach
    runtimes as ``self.options[dest]``; they must be JSON-serialisable (strings, numbers,
    booleans, lists).
    """


@hookspec
def benchit_runtimes() -> list[type[Runtime]]:
    """Return the runtime classes this plugin provides (subclasses of ``benchit.Runtime``).

    Called once per process that needs the registry (the CLI and each warm worker).
    Two plugins providing the same ``Runtime.name`` is an error naming both.
    """


@hookspec
def benchit_devices() -> list[Device]:
    """Return the devices this plugin provides (instances of ``benchit.Device``).

    Called like ``benchit_runtimes``; device names must be unique across plugins.
    """


@hookspec
def benchit_preload(runtimes: list[str]) -> list[str]:
    """Return names of modules that warm workers should import before forking scripts.

    Called once per ``benchit benchmark`` before the warm worker starts, with the names given
    to ``--runtime``, so that a plugin preloads only for runtimes in use; a module that fails
    to import is skipped.
    """


@hookspec
def benchit_reporters() -> list[type[Reporter]]:
    """Return the reporter classes this plugin provides (subclasses of ``benchit.api.Reporter``).

    Called once per ``benchit`` process that loads plugins. Each class's ``name`` is what
    ``benchit report --format`` and ``benchit compare --format`` take; names must be unique across
    plugins. The built-in ``csv``, ``json``, ``md`` and ``html`` are registered through this hook.
    """


@hookspec
def benchit_executors() -> list[type[Executor]]:
    """Return the executor classes this plugin provides (subclasses of ``benchit.api.Executor``).

    Called once per process that builds the registry; only the CLI uses them. ``benchit benchmark --executor
    NAME`` picks one by its ``Executor.name`` (default ``local``); two plugins providing the same
    name is an error naming both. Options an executor needs come from ``benchit_addoption`` and
    reach it as ``config.options[dest]``.
    """


@hookspec
def benchit_corpora() -> list[Corpus]:
    """Return the corpora this plugin provides (instances of ``benchit.api.Corpus``): named folders of
    model scripts.

    Called at most once per ``benchit`` process, and only by what looks corpora up: ``benchit
    corpora``, and ``--search-dir NAME`` (or a suite's ``search_dir``) when NAME is no directory;
    workers never call it. Keep it cheap: return paths, import nothing heavy. Corpus names must be
    unique across plugins (two plugins providing one name is an error naming both). The corpora
    that ship with benchit (``selftest``, ``torchvision``, ``timm`` ...) are registered through this hook.
    """
