"""Where the history lives: the URL (an SQLite file by default, PostgreSQL by URL), the engine, and its schema kept current."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    create_engine,
    event,
    inspect,
    text,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError

from benchit.errors import UsageError

DEFAULT_DB = "~/.cache/benchit/history.db"
SCHEMES = {"sqlite": "sqlite", "postgresql": "postgresql+psycopg", "postgres": "postgresql+psycopg"}
# Taken by the migrating transaction on PostgreSQL, so that publishers starting together migrate once.
_MIGRATION_LOCK = 0x62656E6368  # "bench"
CONNECT_TIMEOUT_S = 5
# The newest revision in migrations/versions (a test checks it is Alembic's head): a database at it
# is used without importing Alembic, a tenth of a second of every command's start-up.
HEAD = "0004"


def default_url() -> str:
    return os.environ.get("BENCHIT_DB") or DEFAULT_DB


def resolve(text_url: str | None) -> URL:
    """``--db``: a URL (``sqlite:///PATH``, ``postgresql://...``) or a plain path to an SQLite file."""
    given = text_url or default_url()
    if "://" not in given:
        return URL.create("sqlite", database=str(Path(given).expanduser().resolve()))
    try:
        url = make_url(given)
    except ArgumentError:
        raise UsageError(f"--db {given}: not a database URL (sqlite:///PATH or postgresql://HOST/NAME)") from None
    scheme = url.drivername.partition("+")[0]
    if scheme not in SCHEMES:
        raise UsageError(f"--db {shown(url)}: unknown scheme {scheme!r}; use sqlite:///PATH or postgresql://HOST/NAME")
    if url.drivername in SCHEMES:
        url = url.set(drivername=SCHEMES[scheme])
    if scheme == "sqlite":
        if not url.database or url.database == ":memory:":
            raise UsageError(f"--db {shown(url)}: give the SQLite file's path (sqlite:///PATH)")
        url = url.set(database=str(Path(url.database).expanduser().resolve()))
    return url


def shown(url: URL) -> str:
    """The URL for messages: the password hidden."""
    return url.render_as_string(hide_password=True)


def is_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite"


def _sqlite_checks(url: URL, write: bool) -> None:
    path = Path(url.database or "")
    if not path.exists():
        if not write:
            raise UsageError(f"--db {path}: no history there yet; benchit publish CACHE --db {path} creates it")
        if not path.parent.is_dir():
            if url.database and Path(url.database).expanduser() == Path(DEFAULT_DB).expanduser().resolve():
                path.parent.mkdir(parents=True, exist_ok=True)  # the default's folder, as the cache's
            else:
                raise UsageError(f"--db {path}: no such folder {path.parent}")
        if not os.access(path.parent, os.W_OK):
            raise UsageError(f"--db {path}: cannot create it, folder {path.parent} is read-only")
        return
    if not path.is_file():
        raise UsageError(f"--db {path}: not a file")
    # Even as root: a file with no write permission for anyone was made read-only on purpose.
    if write and (
        not os.access(path, os.W_OK) or not path.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    ):
        raise UsageError(f"--db {path}: the database file is read-only")
    with path.open("rb") as handle:
        header = handle.read(16)
    if header and header != b"SQLite format 3\x00":
        raise UsageError(f"--db {path}: not an SQLite database")


def make_engine(url: URL, write: bool) -> Engine:
    """An engine on ``url``: SQLite waits for other writers (and a writing transaction takes the
    file's lock at once, so two publishers never deadlock upgrading a read lock); PostgreSQL gives
    up on a server that does not answer within ``CONNECT_TIMEOUT_S``."""
    if is_sqlite(url):
        _sqlite_checks(url, write)
        engine = create_engine(url, connect_args={"timeout": 120})

        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, record: Any) -> None:
            dbapi_connection.isolation_level = None  # transactions are begun below, not by the driver
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA busy_timeout = 120000")
            cursor.execute("PRAGMA foreign_keys = ON")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(connection: Connection) -> None:
            connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

        return engine
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise UsageError(
            f"--db {shown(url)}: PostgreSQL needs psycopg: pip install 'benchit-zoo[postgresql]'"
        ) from None
    return create_engine(url, connect_args={"connect_timeout": CONNECT_TIMEOUT_S}, pool_pre_ping=True)


def failure(url: URL, exc: SQLAlchemyError) -> UsageError:
    """A database error as one line: what the server or the file said, first line only."""
    original = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
    message = (str(original).strip().splitlines() or [type(original).__name__])[0]
    if "readonly database" in message or "read-only" in message:
        return UsageError(f"--db {shown(url)}: the database is read-only ({message})")
    if isinstance(exc, DBAPIError) and exc.connection_invalidated or "connect" in message.lower():
        return UsageError(f"--db {shown(url)}: the server does not answer ({message})")
    return UsageError(f"--db {shown(url)}: {message}")


def _alembic_config(connection: Connection) -> Any:
    from alembic.config import Config as AlembicConfig

    config = AlembicConfig()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    config.attributes["connection"] = connection
    return config


def _script(connection: Connection) -> Any:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_alembic_config(connection))


def current_revision(connection: Connection) -> str | None:
    """The schema revision the database is at; None for an empty database."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def head() -> str:
    """The newest schema revision this benchit knows."""
    from alembic.config import Config as AlembicConfig
    from alembic.script import ScriptDirectory

    config = AlembicConfig()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    return str(ScriptDirectory.from_config(config).get_current_head())


def check_known(url: URL, connection: Connection) -> str | None:
    """The database's revision; a usage error when it is newer than any this benchit knows."""
    revision = current_revision(connection)
    if revision is not None and revision != HEAD:
        known = {s.revision for s in _script(connection).walk_revisions()}
        if revision not in known:
            from benchit import __version__

            raise UsageError(
                f"--db {shown(url)}: its schema (revision {revision}) is newer than benchit {__version__} knows "
                f"(up to {head()}); upgrade benchit"
            )
    return revision


def upgrade(connection: Connection, target: str = "head") -> None:
    """Migrate to ``target`` inside the caller's transaction (PostgreSQL: under an advisory lock)."""
    from alembic import command

    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
    command.upgrade(_alembic_config(connection), target)


def create(connection: Connection) -> None:
    """An empty database made current inside the caller's transaction: the newest schema's tables
    made at once (``schema.metadata``, which a test holds equal to what the migrations make) and
    stamped with ``HEAD``, as Alembic's cookbook does, without importing Alembic and running every
    migration (a fifth of a first publication's start-up). A database with tables but no revision
    is left to Alembic, which says what is wrong with it."""
    from benchit.history.schema import metadata

    if connection.dialect.name == "postgresql":  # publishers starting together: one creates
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        if current_revision(connection) == HEAD:
            return
    if inspect(connection).get_table_names():
        upgrade(connection)
        return
    metadata.create_all(connection)
    version = Table(  # as Alembic makes it
        "alembic_version",
        MetaData(),
        Column("version_num", String(32), nullable=False),
        PrimaryKeyConstraint("version_num", name="alembic_version_pkc"),
    )
    version.create(connection)
    connection.execute(version.insert().values(version_num=HEAD))


def check_reachable(url: URL) -> None:
    """Before a scan that will publish: the URL, the file or the server, and the schema are usable
    (a new SQLite file is not created yet)."""
    if is_sqlite(url):
        _sqlite_checks(url, write=True)
        if not Path(url.database or "").exists():
            return
    engine = make_engine(url, write=False)
    try:
        with engine.connect() as connection:
            check_known(url, connection)
    except SQLAlchemyError as exc:
        raise failure(url, exc) from None
    finally:
        engine.dispose()


@contextmanager
def session(url: URL, write: bool) -> Iterator[Connection]:
    """One transaction on the database at its newest schema (migrated first when older); a
    database error becomes one line, and a failed write leaves nothing behind."""
    engine = make_engine(url, write)
    try:
        with engine.connect() as connection:
            with connection.begin():
                revision = check_known(url, connection)
                if revision is None and not write:
                    raise UsageError(
                        f"--db {shown(url)}: no history there yet; benchit publish CACHE --db URL fills it"
                    )
                if revision is None:
                    create(connection)
                elif revision != HEAD:
                    upgrade(connection)
            with connection.begin():
                yield connection
    except SQLAlchemyError as exc:
        raise failure(url, exc) from None
    finally:
        engine.dispose()
