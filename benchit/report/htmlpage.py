"""The HTML reporter (stub)."""
from __future__ import annotations
from benchit.report.reporter import Reporter
class HtmlReporter(Reporter):
    name = "html"
    suffix = ".html"
    description = "a self-contained page with plots"
