"""benchit plugin: ACME's internal model zoo, the corpus ``acme``, from wherever this package is installed."""

from __future__ import annotations

from pathlib import Path

import benchit
from benchit.api import Corpus

__version__ = "0.1.0"


@benchit.hookimpl
def benchit_corpora() -> list[Corpus]:
    return [
        Corpus(
            name="acme",
            folder=Path(__file__).parent / "models",  # the scripts travel inside the package
            description="ACME's production models: the ranking MLP and the defect detector",
            requires=("torch",),  # the modules the scripts import; `benchit corpora` says which are missing
            install="acme-zoo",  # what to pip install when one is
        )
    ]
