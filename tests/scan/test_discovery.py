"""Finding scripts: files, FILE::HASH, --all --search-dir, skip rules and label filters."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchit.errors import UsageError
from benchit.scan.discovery import discover
from benchit.scan.labels import parse_filter


def _corpus(root: Path) -> Path:
    files = {
        "a.py": "# labels: author::google task::nlp\n",
        "b.py": "# labels: author::meta task::vision\n",
        "_private.py": "",
        "__init__.py": "",
        "sub/c.py": "# labels: author::google task::vision\n",
        "skip/d.py": "",
        "sub/skip/e.py": "",
        "notes.txt": "",
        "bad.py": "# labels: author\n",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_search_dir_skips_private_init_and_skip_folders(tmp_path: Path) -> None:
    scripts = discover([], [_corpus(tmp_path)], scan_all=True)
    assert sorted(s.path.name for s in scripts) == ["a.py", "b.py", "bad.py", "c.py"]


def test_label_filter(tmp_path: Path) -> None:
    wanted = parse_filter(["author::google", "task::nlp,vision"])
    scripts = discover([], [_corpus(tmp_path)], scan_all=True, wanted=wanted)
    assert sorted(s.path.name for s in scripts) == ["a.py", "c.py"]


def test_malformed_labels_are_recorded_not_fatal(tmp_path: Path) -> None:
    (bad,) = [s for s in discover([], [_corpus(tmp_path)], scan_all=True) if s.path.name == "bad.py"]
    assert bad.label_error and "author" in bad.label_error


def test_file_hash_and_lookup_in_search_dir(tmp_path: Path) -> None:
    _corpus(tmp_path)
    (script,) = discover(["a.py::1a2b3c4d"], [tmp_path], scan_all=False)
    assert script.path == (tmp_path / "a.py").resolve()
    assert script.hashes == ("1a2b3c4d",)


@pytest.mark.parametrize(
    ("files", "dirs", "scan_all", "message"),
    [
        (["missing.py"], [], False, "no such file"),
        (["notes.txt"], [], False, "not a Python script"),
        (["a.py::zz"], [], False, "hash"),
        ([], [], True, "--all needs --search-dir"),
        ([], [], False, "give scripts"),
        ([], ["nowhere"], True, "no such directory"),
    ],
)
def test_bad_selection(tmp_path: Path, monkeypatch, files, dirs, scan_all, message) -> None:
    _corpus(tmp_path)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError, match=message):
        discover(files, [Path(d) for d in dirs], scan_all)


def test_empty_search_dir(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no Python scripts"):
        discover([], [tmp_path], scan_all=True)
