"""Fixtures shared by the tests; the helpers they import live in ``helpers.py``."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import machine
import pytest
from helpers import FAST

from benchit.measure.hostlock import HOST_TMPDIR_ENV

# A suite started with SIGINT ignored (a background job of a shell without job control) would pass
# the ignoring on to every benchit it starts, and the Ctrl-C tests would see Ctrl-C ignored: a
# handler here makes it the default again in each child (exec resets a handled signal, not an
# ignored one).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture
def fast() -> list[str]:
    return list(FAST)


# The thread counts the tests scan at get a floor of 0 (no effect on a verdict) before the session:
# a floor measured on a loaded test machine would turn the verdict tests' changes into noise by
# chance. tests/cli/test_calibrate.py measures real ones in folders of its own.
SEEDED_THREADS = range(1, 17)


@pytest.fixture(scope="session", autouse=True)
def calibration_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One noise-floor folder for the whole session (never the user's), seeded with a zero floor
    at each thread count: a scan at another one runs the short calibration once in the session."""
    from helpers import fake_floor

    from benchit.store import floors

    folder = tmp_path_factory.mktemp("calibration")
    for threads in SEEDED_THREADS:
        floors.save(fake_floor(0.0, threads), folder)
    before = os.environ.get(floors.VARIABLE)
    os.environ[floors.VARIABLE] = str(folder)
    yield str(folder)
    if before is None:
        os.environ.pop(floors.VARIABLE, None)
    else:
        os.environ[floors.VARIABLE] = before


@pytest.fixture(scope="session", autouse=True)
def warm_workers() -> Iterator[None]:
    """The in-process scans of each pytest worker keep up to twelve warm workers (execute/warm.py), instead
    of a user process's two: one per set of preloaded libraries the tests use most (none, ORT,
    compile, transformers) and per environment some tests give their scripts (a variable, a
    temporary folder), each of which is a worker of its own. Each holds torch (a few hundred MB);
    all are closed when the session ends."""
    from benchit.execute import warm

    before = warm.MAX_IDLE
    warm.MAX_IDLE = 12
    yield
    warm.close_all()
    warm.MAX_IDLE = before


# The suite runs in two pytest workers (pytest-xdist), and each is a machine of its own to benchit's
# host lock (measure/hostlock.py): every benchit a worker starts shares the worker's host lock, whatever
# TMPDIR a test gives its scripts, and the other worker's measurements and scripts run beside them.
# Their numbers are not the point (helpers.FAST judges no contention); a scan that must see a quiet
# machine takes it alone (tests/machine.py). A test that gives its scan a TMPDIR keeps this variable.
os.environ[HOST_TMPDIR_ENV] = str(machine.worker_host_tmpdir())


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """The whole of a test (its fixtures' setup and teardown too) under its share of the machine:
    all of it for a test marked ``alone`` (tests/machine.py)."""
    with machine.share(exclusive=item.get_closest_marker("alone") is not None):
        return (yield)
