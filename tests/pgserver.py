"""A real PostgreSQL server for tests: Debian's binaries, a cluster in a temporary folder on a loopback port, stopped at the end."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

BIN_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
BIN = next((d for d in BIN_DIRS if (d / "initdb").exists()), None)
USER = "postgres"  # the server refuses to run as root: as root, run it as Debian's postgres user


def missing() -> str | None:
    """Why no server can be started here, or None."""
    if BIN is None:
        return "no PostgreSQL binaries in /usr/lib/postgresql/*/bin (CI installs the postgresql package in .ci/run)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser to start PostgreSQL as another user"
    return None


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", USER, "--", *command] if os.geteuid() == 0 else command


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def server() -> Iterator[str]:
    """Start a cluster and yield its base URL (``postgresql://postgres@127.0.0.1:PORT``)."""
    assert BIN is not None
    folder = Path(tempfile.mkdtemp(prefix="benchit-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, USER)
    port = _free_port()

    def run(*cmd: object) -> subprocess.CompletedProcess[str]:
        return subprocess.run(_as_server_user([str(c) for c in cmd]), check=True, capture_output=True, text=True)

    try:
        run(BIN / "initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync")
        options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50"
        run(BIN / "pg_ctl", "-D", data, "-o", options, "-l", folder / "log", "-w", "start")
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}"
        finally:
            run(BIN / "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def new_database(base: str) -> str:
    """A fresh, empty database on the server at ``base``; its URL."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return f"{base}/{name}"
