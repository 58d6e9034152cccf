"""--device NAME:i,j: the instances of a device a scan measures on."""

from __future__ import annotations

import pytest

from benchit.cli.benchmark import parse_devices
from benchit.errors import UsageError


def test_bare_names_mean_every_instance_and_indices_name_some() -> None:
    assert parse_devices(["cpu", "cuda"]) == (["cpu", "cuda"], {})
    assert parse_devices(["cuda:0", "cpu", "cuda:2", "cuda:0"]) == (["cuda", "cpu"], {"cuda": (0, 2)})


@pytest.mark.parametrize(
    ("words", "message"),
    [(["cuda:x"], "give an instance number"), (["cuda", "cuda:1"], "cuda means every instance")],
)
def test_bad_instances_are_usage_errors(words: list[str], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_devices(words)
