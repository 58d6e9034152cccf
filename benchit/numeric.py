"""The one test of a number in a record, a report row or a comparison: finite, of sane magnitude, never a flag."""

from __future__ import annotations

import math
from typing import Any, TypeGuard

# Larger than any count, size, time or timestamp benchit writes, small enough that no arithmetic
# on it overflows a float (``10**400`` would).
MAX_MAGNITUDE = 1e18


def finite_number(value: Any) -> TypeGuard[float]:
    """Whether ``value`` is an int or a float, finite and at most ``MAX_MAGNITUDE`` either way
    (``True`` and ``False`` are flags, not numbers)."""
    if value.__class__ is float and -MAX_MAGNITUDE <= value <= MAX_MAGNITUDE:  # most: a nan fails here
        return True
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return abs(value) <= MAX_MAGNITUDE and (isinstance(value, int) or math.isfinite(value))
