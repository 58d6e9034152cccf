"""Inductor's check of the CPU's vector instructions, made once in the warm worker and its files kept
for the next run (benchit/execute/inductor_check.py): made whole before it is kept, never read
from a folder that is not this user's alone, and where the user's own compile cache is if they chose
one. Inductor's check itself is a stand-in here that notes where it ran; the scan end to end is
tests/backends/test_runtimes.py's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchit.execute import inductor_check, scratch
from benchit.measure.hostlock import HOST_TMPDIR_ENV


@pytest.fixture
def host(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The machine's temporary folder as benchit found it, here a test's own; no compile cache chosen."""
    monkeypatch.setenv(HOST_TMPDIR_ENV, str(tmp_path))
    monkeypatch.delenv("TORCHINDUCTOR_CACHE_DIR", raising=False)
    return tmp_path


def _pick(ran_in: list[str]):  # noqa: ANN202 - a stand-in for inductor's pick_vec_isa
    def pick() -> None:
        folder = os.environ["TORCHINDUCTOR_CACHE_DIR"]
        ran_in.append(folder)
        Path(folder, "isa.so").write_text("built")

    return pick


def test_the_check_is_made_whole_then_kept_and_read_by_the_next_run(host: Path) -> None:
    ran_in: list[str] = []
    inductor_check.check(_pick(ran_in))
    kept = inductor_check.kept_folder()
    assert kept.parent == host and (kept / "isa.so").read_text() == "built"
    assert Path(ran_in[0]).parent == host and ran_in[0] != str(kept)  # made in a staging folder
    assert [p.name for p in host.iterdir()] == [kept.name]  # and renamed into place
    assert kept.stat().st_mode & 0o777 == 0o700
    inductor_check.check(_pick(ran_in))
    assert ran_in[1] == str(kept)  # the next run reads the kept files
    assert "TORCHINDUCTOR_CACHE_DIR" not in os.environ  # the environment as it was


def test_a_failed_check_keeps_nothing(host: Path) -> None:
    def broken() -> None:
        raise RuntimeError("no working C++ compiler")

    with pytest.raises(RuntimeError):
        inductor_check.check(broken)
    assert list(host.iterdir()) == []


def test_a_folder_not_this_users_alone_is_never_used(host: Path) -> None:
    kept = inductor_check.kept_folder()
    elsewhere = host / "planted"
    elsewhere.mkdir()
    kept.symlink_to(elsewhere)
    ran_in: list[str] = []
    inductor_check.check(_pick(ran_in))
    assert not (elsewhere / "isa.so").exists() and kept.is_symlink()
    kept.unlink()
    kept.mkdir()
    (kept / "isa.so").write_text("planted")
    kept.chmod(0o777)  # writable by others: what it holds may be anyone's
    inductor_check.check(_pick(ran_in))
    assert (kept / "isa.so").read_text() == "planted" and len(ran_in) == 2
    assert all(not folder.startswith(str(kept)) for folder in ran_in)
    assert sorted(p.name for p in host.iterdir()) == sorted([kept.name, "planted"])  # no staging left


def test_a_compile_cache_the_user_chose_holds_the_check_and_one_benchit_chose_does_not(
    host: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = host / "my-cache"
    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(mine))
    mine.mkdir()
    ran_in: list[str] = []
    inductor_check.check(_pick(ran_in))
    assert ran_in == [str(mine)] and not inductor_check.kept_folder().exists()
    # a run's own folder, as the warm worker has it (``scratch.enter``): the check's files are kept
    run = host / f"{scratch.PREFIX}x" / "compile-cache"
    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(run))
    inductor_check.check(_pick(ran_in))
    assert inductor_check.kept_folder().exists() and os.environ["TORCHINDUCTOR_CACHE_DIR"] == str(run)
