"""The worker's artifacts folder: each file a runtime writes is sent once, and one that vanishes while it is read is not a crash."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from benchit.execute import worker
from benchit.messages import Artifact


def _artifacts(tmp_path: Path) -> worker.Artifacts:
    return worker.Artifacts(SimpleNamespace(inline=True, workdir=str(tmp_path), artifacts=()))  # type: ignore[arg-type]


def test_each_new_or_changed_file_is_sent_once(tmp_path: Path) -> None:
    artifacts = _artifacts(tmp_path)
    folder = artifacts.folder("b")
    folder.mkdir(parents=True)
    (folder / "model.onnx").write_bytes(b"one")
    (folder / "sub").mkdir()
    (folder / "sub" / "child.onnx").write_bytes(b"kept by the runtime")
    sent: list[Any] = []
    artifacts.send_new("b", sent.append)
    artifacts.send_new("b", sent.append)
    assert [(a.name, a.data) for a in sent] == [("model.onnx", b"one")]
    (folder / "model.onnx").write_bytes(b"two, longer")
    artifacts.send_new("b", sent.append)
    assert [(a.name, a.data) for a in sent] == [("model.onnx", b"one"), ("model.onnx", b"two, longer")]


def test_a_file_gone_while_it_is_read_is_skipped_and_sent_when_seen_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A zoo scan's worker died with FileNotFoundError on `model-dynamo-opset23.onnx`, removed
    between the folder's listing and its reading: the whole script became an internal error."""
    artifacts = _artifacts(tmp_path)
    folder = artifacts.folder("b")
    folder.mkdir(parents=True)
    for name in ("a.json", "model.onnx"):
        (folder / name).write_bytes(name.encode())
    real = Artifact.of_file.__func__  # type: ignore[attr-defined]
    vanished = {"model.onnx"}

    def of_file(cls: type[Artifact], build: str, name: str, path: Path, inline: bool) -> Artifact:
        if name in vanished:
            vanished.discard(name)
            raise FileNotFoundError(2, "No such file or directory", str(path))
        return real(cls, build, name, path, inline)  # type: ignore[no-any-return]

    monkeypatch.setattr(Artifact, "of_file", classmethod(of_file))
    sent: list[Any] = []
    artifacts.send_new("b", sent.append)
    assert [a.name for a in sent] == ["a.json"]
    artifacts.send_new("b", sent.append)  # there again: sent now
    assert [a.name for a in sent] == ["a.json", "model.onnx"]
