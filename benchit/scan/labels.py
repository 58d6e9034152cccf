"""Reading a script's labels line, filtering scripts by labels, and reading labels back from a cache."""

from __future__ import annotations

import re
from pathlib import Path

from benchit.errors import UsageError

PREFIX = "# labels:"
_TOKEN = re.compile(r"^[^\s:,]+::[^\s:]*$")

Labels = dict[str, list[str]]


class LabelSyntaxError(ValueError):
    """A labels line or label filter is not ``key::v1,v2 key2::v3``."""


def parse_labels(text: str) -> Labels:
    """Parse ``key::v1,v2 key2::v3`` into ``{"key": ["v1", "v2"], "key2": ["v3"]}``."""
    labels: Labels = {}
    for token in text.split():
        if not _TOKEN.match(token):
            raise LabelSyntaxError(f"{token!r} is not key::value[,value...]")
        key, values = token.split("::", 1)
        labels.setdefault(key, []).extend(v for v in values.split(",") if v)
    return labels


def read_labels(path: Path) -> Labels:
    """The labels on the first line of ``path``; ``{}`` when it has no labels line.

    Raises ``LabelSyntaxError`` when the line starts with ``# labels:`` but is malformed.
    """
    with open(path, encoding="utf-8", errors="replace") as file:
        first = file.readline()
    if not first.startswith(PREFIX):
        return {}
    return parse_labels(first[len(PREFIX) :])


def parse_filter(tokens: list[str]) -> Labels:
    """Turn ``--labels`` arguments into a filter, or raise ``UsageError``."""
    try:
        wanted = parse_labels(" ".join(tokens))
    except LabelSyntaxError as error:
        raise UsageError(f"--labels: {error}; write e.g. --labels author::google task::nlp,vision") from None
    for key, values in wanted.items():
        if not values:
            raise UsageError(f"--labels: {key}:: has no value; write e.g. {key}::value")
    return wanted


def matches(labels: Labels, wanted: Labels) -> bool:
    """Keys are ANDed; the values given for one key are ORed."""
    return all(set(labels.get(key, ())) & set(values) for key, values in wanted.items())


def load_from_cache(cache_dir: str | Path, build_name: str) -> Labels:
    """Return the labels recorded for ``build_name`` in ``cache_dir``."""
    from benchit.store.cache import Cache

    build = Cache(Path(cache_dir)).read_build(build_name)
    if build is None:
        raise FileNotFoundError(f"no build {build_name!r} in {cache_dir}")
    return {k: list(v) for k, v in build.labels.items()}
