"""Errors that stop a command; everything else is recorded as data."""

from __future__ import annotations

import enum


class ExitCode(enum.IntEnum):
    """Exit codes of the ``benchit`` command."""

    OK = 0
    FAILURES = 1  # the scan ran, but some script or result failed
    USAGE = 2  # bad command line or configuration; nothing was done
    INTERNAL = 3  # a bug in benchit: a traceback is printed
    INTERRUPTED = 130


class BenchitError(Exception):
    """An error the user can fix; the CLI prints it as one line."""

    exit_code = ExitCode.USAGE


class UsageError(BenchitError):
    """The command line or configuration is wrong."""


class PluginError(BenchitError):
    """A plugin could not be loaded or conflicts with another."""


class CacheError(BenchitError):
    """The cache directory cannot be used."""


class Unavailable(Exception):
    """A device or runtime cannot run on this machine; the message says why."""
