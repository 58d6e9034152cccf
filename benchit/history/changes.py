"""What changed between two results of a series: versions, driver, machine, benchit, the script."""

from __future__ import annotations

from typing import Any

# Shown first: what most often explains a step in a series.
FIRST = ("versions.", "driver", "benchit", "script digest", "hostname", "cpu_model")
LIMIT = 8


def _flat(data: Any, prefix: str = "") -> dict[str, str]:
    if isinstance(data, dict):
        out: dict[str, str] = {}
        for key, value in data.items():
            out.update(_flat(value, f"{prefix}{key}."))
        return out
    return {prefix.rstrip("."): "" if data is None else str(data)}


def differences(
    good: dict[str, Any], bad: dict[str, Any], good_env: dict[str, Any], bad_env: dict[str, Any]
) -> list[str]:
    """``torch 2.4.0 -> 2.5.0``, ``script digest ab12 -> cd34``: each difference, the telling ones first."""
    before = {
        **_flat(good_env),
        "benchit": str(good.get("benchit_version") or ""),
        "script digest": str(good.get("script_digest") or "")[:12],
    }
    after = {
        **_flat(bad_env),
        "benchit": str(bad.get("benchit_version") or ""),
        "script digest": str(bad.get("script_digest") or "")[:12],
    }
    found = [k for k in sorted(set(before) | set(after)) if before.get(k, "") != after.get(k, "")]
    found.sort(key=lambda k: next((i for i, p in enumerate(FIRST) if k.startswith(p)), len(FIRST)))
    lines = [f"{k.removeprefix('versions.')} {before.get(k) or '-'} -> {after.get(k) or '-'}" for k in found[:LIMIT]]
    if len(found) > LIMIT:
        lines.append(f"and {len(found) - LIMIT} more")
    return lines
