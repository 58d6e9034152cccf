"""Fixtures shared by the tests; the helpers they import live in ``helpers.py``."""

from __future__ import annotations

import pytest
from helpers import FAST


@pytest.fixture
def fast() -> list[str]:
    return list(FAST)
