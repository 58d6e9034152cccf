"""The coordinator's trust boundary: each message of a worker or a node checked against its job.

A script runs in its worker's process, so it can send any message its worker could. Whatever
arrives is checked here before anything is written: a job may announce only builds of its own
key, and send results and artifacts only for the builds it announced, each result with the
runtime options its configuration gives; an artifact's name is one plain path component, its
size is capped, and it arrives as bytes or as a regular file inside the job's own scratch
folder, reached without following a link. A message that breaks a rule is a ``Violation``: the
coordinator fails that job with ``protocol violation: ...`` and writes nothing for it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path

from benchit import fs
from benchit.execute.job import Job
from benchit.messages import (
    Artifact,
    Attempt,
    InternalError,
    InvocationFound,
    LockWait,
    Message,
    QuietWait,
    ResultReady,
    ScriptError,
)
from benchit.naming import key_build_name, safe_component
from benchit.records import Result, invocation_problems

# One artifact (an ONNX model's weights may take gigabytes); bytes in a message are held in
# memory, twice (base64), so they are capped lower.
MAX_ARTIFACT_BYTES = 64 * 2**30
MAX_INLINE_BYTES = 2 * 2**30
MAX_ARTIFACTS_PER_BUILD = 10_000
MAX_WAIT_S = 1e7  # a wait for a quiet machine or the host lock: longer than any scan
MAX_TEXT = 2**20  # an error's message or traceback
_HASH = re.compile(r"[0-9a-f]{1,64}")
_SHA256 = re.compile(r"[0-9a-f]{64}")


class Violation(Exception):  # noqa: N818 - a finding, named as the user reads it
    """A message its job was not allowed to send; the text says which rule it broke."""


def check(job: Job, message: Message) -> None:
    """Raise ``Violation`` when ``message`` breaks a rule for ``job`` (an artifact's ``path`` is
    checked as it is opened: ``scratch_file``)."""
    if isinstance(message, InvocationFound):
        invocation = message.invocation
        found = invocation_problems(dataclasses.asdict(invocation))
        if found:
            raise Violation(f"malformed invocation ({'; '.join(f'{k}: {why}' for k, why in found[:3])})")
        if not isinstance(invocation.hash, str) or not _HASH.fullmatch(invocation.hash):
            raise Violation(f"invocation hash {str(invocation.hash)[:80]!r} is not a hexadecimal digest")
        if message.build != key_build_name(job.key, invocation.hash):
            raise Violation(f"build {message.build[:120]!r} is not one of this script's builds")
        if invocation.parent and not _HASH.fullmatch(str(invocation.parent)):
            raise Violation(f"parent hash {str(invocation.parent)[:80]!r} is not a hexadecimal digest")
    elif isinstance(message, (ResultReady, Attempt)):
        _announced(job, message.build)
        if message.result is not None:
            _options(job, message.result)
    elif isinstance(message, Artifact):
        _artifact(job, message)
    elif isinstance(message, (LockWait, QuietWait)):
        if not isinstance(message.waiting, bool):
            raise Violation(f"{message.kind}: 'waiting' is not true or false")
        waited = getattr(message, "waited_s", 0.0)
        # A negative or NaN wait would give the scan back --quiet-wait budget it never had.
        if isinstance(waited, bool) or not isinstance(waited, (int, float)) or not 0 <= waited <= MAX_WAIT_S:
            raise Violation(f"{message.kind}: waited {waited!r} s")
    elif isinstance(message, (ScriptError, InternalError)):
        texts = message.error().values() if isinstance(message, ScriptError) else [message.traceback]
        if not all(isinstance(text, str) and len(text) <= MAX_TEXT for text in texts):
            raise Violation(f"{message.kind}: not text of at most {MAX_TEXT} characters")


def _announced(job: Job, build: str) -> None:
    if build not in job.state.build_records:
        raise Violation(f"build {str(build)[:120]!r} was not announced by this script")


def _options(job: Job, result: Result) -> None:
    """A result's runtime options are those the job's configuration gives its runtime: they name
    the measurement (``naming.options_tag``), so other ones would write over another's result."""
    given = job.spec.config.runtime_options.get(result.runtime, {}) if job.spec else {}
    if result.runtime_options != given:
        raise Violation(
            f"runtime options {str(result.runtime_options)[:200]} are not this run's for {result.runtime!r}"
        )


def _artifact(job: Job, message: Artifact) -> None:
    _announced(job, message.build)
    if not safe_component(message.name):
        raise Violation(f"artifact name {str(message.name)[:120]!r} is not a plain file name")
    if not isinstance(message.sha256, str) or not _SHA256.fullmatch(message.sha256):
        raise Violation(f"artifact {message.name}: its sha256 is not a hexadecimal digest")
    if not isinstance(message.size, int) or not 0 <= message.size <= MAX_ARTIFACT_BYTES:
        raise Violation(f"artifact {message.name}: size {message.size!r} is out of range")
    if (message.data is None) == (message.path is None):
        raise Violation(f"artifact {message.name}: neither bytes nor a path (or both)")
    if message.data is not None and (len(message.data) != message.size or message.size > MAX_INLINE_BYTES):
        raise Violation(f"artifact {message.name}: {len(message.data)} bytes, said {message.size}")
    known = job.state.build_records[message.build].artifacts
    if message.name not in known and len(known) >= MAX_ARTIFACTS_PER_BUILD:
        raise Violation(f"more than {MAX_ARTIFACTS_PER_BUILD} artifacts for build {message.build}")


@contextlib.contextmanager
def scratch_file(scratch: str | None, path: str, size: int) -> Iterator[tuple[int, str]]:
    """The folder descriptor and name of the file ``path``, which must lie inside the job's
    ``scratch`` folder (after resolving), be reached without following any link, be a regular
    file with no other hard link, and have ``size`` bytes; else ``Violation``."""
    if scratch is None:
        raise Violation("artifact sent by path, but this executor's jobs must send artifacts as bytes")
    if not isinstance(path, str) or "\x00" in path or not os.path.isabs(path):
        raise Violation(f"artifact path {str(path)[:120]!r} is not an absolute path")
    root = os.path.realpath(scratch)
    resolved = os.path.realpath(path)
    if os.path.commonpath([root, resolved]) != root or resolved == root:
        raise Violation(f"artifact path {path[:200]!r} lies outside the job's scratch folder")
    # The same relative parts, unresolved: a link anywhere on the way makes them differ.
    parts = Path(os.path.normpath(path)).relative_to(os.path.normpath(scratch)).parts if _under(path, scratch) else ()
    if parts != Path(resolved).relative_to(root).parts:
        raise Violation(f"artifact path {path[:200]!r} goes through a symbolic link")
    # Opened one folder at a time without following a link: no race can swap one in.
    with contextlib.ExitStack() as stack:
        try:
            fd = stack.enter_context(fs.open_dir(Path(root), parts[:-1]))
        except fs.LinkError:
            raise Violation(f"artifact path {path[:200]!r} goes through a symbolic link") from None
        except OSError as exc:
            reason = "goes through a symbolic link" if exc.errno in (errno.ELOOP, errno.ENOTDIR) else exc.strerror
            raise Violation(f"artifact path {path[:200]!r} {reason}") from None
        try:
            info = os.stat(parts[-1], dir_fd=fd, follow_symlinks=False)
        except OSError as exc:
            raise Violation(f"artifact path {path[:200]!r}: {exc.strerror}") from None
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
            raise Violation(f"artifact path {path[:200]!r} is not a regular file of its own (a link?)")
        if info.st_size != size:
            raise Violation(f"artifact path {path[:200]!r} has {info.st_size} bytes, said {size}")
        yield fd, parts[-1]


def _under(path: str, folder: str) -> bool:
    path, folder = os.path.normpath(path), os.path.normpath(folder)
    return os.path.commonpath([path, folder]) == folder and path != folder
