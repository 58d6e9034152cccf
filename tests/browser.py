"""A page in headless Chromium (the system's, never a downloaded build) that collects what went wrong:
console errors, uncaught exceptions and any request that would leave the machine."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium binary (CI installs it with apt-get in .ci/run)"
)


@contextlib.contextmanager
def headless_page(path: Path) -> Iterator[tuple[Any, list[str]]]:
    """Open ``path`` (a local file) and yield the page with the list its errors are appended to;
    a request for anything but a local file or inline data counts as an error (the pages are
    self-contained)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the dev extra")
    errors: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on(
                "request",
                lambda r: (
                    errors.append(f"network: {r.url}") if not r.url.startswith(("file:", "data:", "about:")) else None
                ),
            )
            page.goto(path.as_uri())
            yield page, errors
        finally:
            browser.close()
