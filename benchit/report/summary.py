"""The few lines ``benchit report`` ends with: scripts and results by status, and the flags results carry."""

from __future__ import annotations

import pandas as pd

from benchit.records import ParityVerdict, ResultStatus, ScriptStatus


def lines(df: pd.DataFrame) -> list[str]:
    """A few out for the terminal: scripts by status, results by status, flags."""
    if df.empty:
        return ["no results in the cache"]
    out = [f"scripts: {len(df['script'].unique())} ({', '.join(f'{n} {s}' for s, n in _script_endings(df).items())})"]
    results = df[df["device"].notna()]
    if not results.empty:
        counts = results["status"].value_counts()
        out.append(f"results: {len(results)} ({', '.join(f'{n} {s}' for s, n in counts.items())})")
        noisy = int((results["noisy"] == True).sum())  # noqa: E712 - object column
        parity = int((results["parity_passed"] == False).sum())  # noqa: E712
        if noisy:
            out.append(f"noisy: {noisy} results whose median is not known to within the tolerance")
        contended = int((results["contended"] == True).sum())  # noqa: E712
        if contended:
            out.append(f"busy: {contended} results measured on a busy machine (contended): not comparable")
        if parity:
            out.append(f"parity: {parity} results whose outputs disagree with eager torch")
        inconclusive = int((results["parity_verdict"] == ParityVerdict.INCONCLUSIVE.value).sum())
        if inconclusive:
            out.append(
                f"parity: {inconclusive} results that cannot be judged (eager torch's outputs not finite, or, without a float64 run, not reproduced by eager torch itself one rounding step away)"
            )
        unjudged = int((results["parity_verdict"] == ParityVerdict.EAGER_NONDETERMINISTIC.value).sum())
        if unjudged:
            out.append(
                f"parity: {unjudged} results not judged: eager torch gives different outputs on two runs of the same inputs (random ops left on, such as F.dropout, whose training defaults to True?)"
            )
    return out


def _script_endings(df: pd.DataFrame) -> dict[str, int]:
    """How many scripts ended each way, in words: a script that ran ``ok`` but some of whose results
    failed is ``with failed results``, as the scan's summary calls it, not ``ok``."""
    failed = set(df.loc[df["status"] == ResultStatus.FAILED.value, "script"])
    endings: dict[str, int] = {}
    for script, status in df.drop_duplicates("script")[["script", "script_status"]].itertuples(index=False):
        word = "with failed results" if status == ScriptStatus.OK.value and script in failed else str(status)
        endings[word] = endings.get(word, 0) + 1
    return dict(sorted(endings.items(), key=lambda item: -item[1]))
