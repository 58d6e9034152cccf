"""``jsontext.dumps`` writes ``json.dumps(value, indent=N)``'s very text."""

from __future__ import annotations

import enum
import json
import random
from typing import Any

import pytest

from benchit import jsontext


class _Stage(str, enum.Enum):
    RUN = "run\u00e9"


class _Count(enum.IntEnum):
    THREE = 3


LEAVES: list[Any] = [None, True, False, 0, -7, 2**70, 1.5, float("nan"), float("inf"), "", "x", 'é\n"\\\u2028\ud800\x00',
                     _Stage.RUN, _Count.THREE]  # fmt: skip


def _value(rng: random.Random, depth: int = 0) -> Any:
    r = rng.random()
    if depth > 4 or r < 0.4:
        return rng.choice(LEAVES)
    if r < 0.7:
        return {rng.choice(["a", "é", "", "k\n"]) + str(i): _value(rng, depth + 1) for i in range(rng.randint(0, 4))}
    if r < 0.95:
        items = [_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
        return items if rng.random() < 0.8 else tuple(items)
    return {1: "x", None: 2, False: [1], 2.5: {}}  # keys json converts


@pytest.mark.parametrize("indent", [0, 1, 2])
def test_the_text_is_json_dumps_text(indent: int) -> None:
    rng = random.Random(indent)
    for _ in range(3000):
        value = _value(rng)
        assert jsontext.dumps(value, indent) == json.dumps(value, indent=indent)


def test_what_json_refuses_it_refuses() -> None:
    with pytest.raises(TypeError):
        jsontext.dumps({"a": [object()]})
