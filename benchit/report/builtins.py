"""The built-in reporters (csv, json, md, html), registered through the same hook as a third party's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from benchit.markers import hookimpl

if TYPE_CHECKING:
    from benchit.report.reporter import Reporter


@hookimpl
def benchit_reporters() -> list[type[Reporter]]:
    # Imported here: loading plugins (in every warm worker too) must not import pandas or plotly.
    from benchit.report.csvfile import CsvReporter
    from benchit.report.htmlpage import HtmlReporter
    from benchit.report.jsonfile import JsonReporter
    from benchit.report.markdown import MarkdownReporter

    return [CsvReporter, JsonReporter, MarkdownReporter, HtmlReporter]
