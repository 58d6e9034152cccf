"""``benchit corpora``: the named corpora ``--search-dir NAME`` finds, and what each needs to run here."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from benchit.errors import ExitCode
from benchit.text import printable

if TYPE_CHECKING:
    from benchit.contracts import Corpus
    from benchit.plugins import Registry


def add_parser(sub: Any, registry: Registry | None) -> None:
    corpora = sub.add_parser("corpora", help="list the named corpora (--search-dir NAME) and what they need")
    corpora.add_argument("--json", action="store_true", help="print the list as JSON")
    corpora.add_argument("--plugins-dir", action="append", default=[], metavar="DIR")


def describe(registry: Registry) -> list[dict[str, Any]]:
    """Each corpus as plain data: name, scripts (counted by discovery's rules, none run), folder,
    description, the plugin and the package that provide it, the modules it requires, those
    missing here and what to install for them."""
    rows = []
    for name, (corpus, plugin) in sorted(registry.load_corpora().items()):
        info = registry.plugin(plugin)
        missing = corpus.missing()
        rows.append(
            {
                "name": name,
                "scripts": _count(corpus),
                "folder": str(corpus.folder),
                "description": corpus.description,
                "plugin": plugin,
                "package": info.package if info else plugin,
                "requires": list(corpus.requires),
                "missing": missing,
                "needs": corpus.needs() if missing else None,
            }
        )
    return rows


def _count(corpus: Corpus) -> int | None:
    """How many scripts ``--all --search-dir NAME`` would select; ``None`` when the folder is missing."""
    from benchit.scan.discovery import walk

    return len(walk(corpus.folder)) if corpus.folder.is_dir() else None


def run(args: argparse.Namespace, registry: Registry) -> int:
    rows = describe(registry)
    if args.json:
        print(json.dumps(rows, indent=2))
        return ExitCode.OK
    print(f"{len(rows)} corpora; scan one with: benchit benchmark --all --search-dir NAME")
    width = max((len(row["name"]) for row in rows), default=0)
    for row in rows:
        scripts = "folder missing" if row["scripts"] is None else f"{row['scripts']:>5} scripts"
        print(f"{printable(row['name']):<{width}}  {scripts}  {printable(row['package'])}  {printable(row['folder'])}")
        if row["description"]:
            print(f"    {printable(row['description'])}")
        if row["needs"]:
            print(f"    needs: {printable(row['needs'])}")
    return ExitCode.OK
