"""(h) The history dashboard of 2,000 series x 30 runs: its size, and how long Chromium takes to open it.

Goals: the page is at most 10 MB, and headless Chromium shows it (loaded, the regressions' table
and the first charts drawn) in at most 3 s.

    python benchmarks/history_dashboard.py [--series 2000] [--runs 30] [--repeats 3] [--json FILE]
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from _common import BENCHIT, finish, median, parser, timed
from _history import make

GOAL_BYTES = 10 * 1000 * 1000
GOAL_S = 3.0


def open_time(page_path: Path, chromium: str) -> tuple[float, int, list[str]]:
    """Seconds from navigation to the first charts drawn; the charts drawn; console errors."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            start = time.perf_counter()
            page.goto(page_path.as_uri(), wait_until="load")
            page.wait_for_selector("#charts .card .main-svg")
            page.wait_for_function("document.getElementById('chart-count').textContent.length > 0")
            elapsed = time.perf_counter() - start
            charts = page.locator("#charts .card .js-plotly-plot").count()
        finally:
            browser.close()
    return elapsed, charts, errors


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--series", type=int, default=2000)
    p.add_argument("--runs", type=int, default=30)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("needs a chromium binary")
    series, runs = (100, 10) if args.quick else (args.series, args.runs)
    with tempfile.TemporaryDirectory() as folder:
        db, page_path = Path(folder) / "history.db", Path(folder) / "dashboard.html"
        make(db, series, runs)
        written, _ = timed([*BENCHIT, "history", "--db", db, "--format", "html", "-o", page_path])
        size = page_path.stat().st_size
        opened = [open_time(page_path, chromium) for _ in range(1 if args.quick else args.repeats)]
    took = median([o[0] for o in opened])
    errors = [e for o in opened for e in o[2]]
    finish(
        "history_dashboard",
        {
            "headline": f"dashboard of {series} series x {runs} runs: {size / 1e6:.1f} MB, opens in {took:.2f} s "
            f"({opened[0][1]} charts drawn at load), written in {written:.1f} s",
            "series": series,
            "runs": runs,
            "bytes": size,
            "open_s": took,
            "open_times_s": [o[0] for o in opened],
            "charts_at_load": opened[0][1],
            "write_s": written,
            "console_errors": errors,
            "passed": size <= GOAL_BYTES and took <= GOAL_S and not errors,
        },
        args.json,
    )


if __name__ == "__main__":
    main()
