"""Every option of ``benchit benchmark``, declared once: the command line and the suite schema are read from here."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Literal

from benchit.config import DEFAULT_CACHE, OPTIMIZERS, REBUILD, Config, TimingSettings

# What one value is; the CLI (cli/benchmark.py) and the suite reader (suite/loader.py) each turn a kind
# into their own conversion and check, with their own error messages.
Kind = Literal["text", "names", "int", "float", "size", "path", "flag", "choice", "tolerances"]
# How a list is given on the command line: a repeatable option, or several values after one.
Many = Literal["append", "+", "*"]

# Beyond these a number is a typo or an attack, never a setting: a count (threads, rounds, ...)
# or a duration in seconds (about 115 days).
MAX_INT = 1_000_000
MAX_FLOAT = 1e7
LIMITS = {"int": MAX_INT, "float": MAX_FLOAT}
# How many measurements (script x parameter set x device x runtime x precision) a plan may hold
# unless --allow-large: a matrix that multiplies out beyond it is almost always a mistake.
MAX_PLANNED = 100_000
TIMING = "timing"
PROGRESS = ("auto", "live", "plain", "none")  # --progress; cli/progress.py shows each
PARITY = "parity with eager torch"
_TIMING = TimingSettings()


@dataclass(frozen=True)
class Option:
    """One option: how it is spelt and read on the command line, and the suite key that sets it."""

    dest: str
    # The command line's spellings, the long one last; a name without a dash is positional (then
    # only ``benchit benchmark`` takes it); none: the option is a suite key only.
    flags: tuple[str, ...]
    kind: Kind
    default: Any
    help: str | None = None
    metavar: str | None = None
    many: Many | None = None  # a list of values; "names" are a list already (comma-separated)
    zero: bool = False  # a number may be 0 (numbers are never negative)
    # The largest value that makes sense (numbers are also always finite); None: ``LIMITS``' for its kind.
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    # The suite key; "section.key" inside one of the suite's mappings (timing, parity); none: CLI only.
    suite: str | None = None
    group: str | None = None  # the section of --help it is listed in

    @property
    def upper(self) -> float:
        """The largest value a number of this option may take."""
        return self.maximum if self.maximum is not None else LIMITS.get(self.kind, MAX_FLOAT)

    @property
    def flag(self) -> str:
        """The spelling error messages name (the long one)."""
        return self.flags[-1]

    @property
    def positional(self) -> bool:
        return bool(self.flags) and not self.flags[0].startswith("-")

    def fresh_default(self) -> Any:
        """The default, as a new list where the option takes several values (argparse appends to it)."""
        return list(self.default) if self.many or self.kind == "names" else self.default


OPTIONS: tuple[Option, ...] = (
    Option(
        "files",
        ("files",),
        "path",
        (),
        "scripts (.py) or ONNX models (.onnx); ::HASH picks one invocation",
        metavar="FILE[::HASH]",
        many="*",
        suite="files",
    ),
    Option("scan_all", ("--all",), "flag", False, "every script below --search-dir"),
    Option(
        "search_dir",
        ("--search-dir",),
        "path",
        (),
        "folder to scan with --all, and to look FILE up in, or a corpus's name (benchit corpora) (repeatable)",
        metavar="DIR|NAME",
        many="append",
        suite="search_dir",
    ),
    Option(
        "labels",
        ("--labels",),
        "text",
        (),
        "keep scripts whose labels match (keys ANDed, values ORed)",
        metavar="KEY::V1,V2",
        many="+",
        suite="labels",
    ),
    Option("exclude_scripts", (), "text", (), many="append", suite="exclude_scripts"),
    Option("device", ("--device",), "names", Config.devices, "comma-separated devices (default cpu)", suite="devices"),
    Option(
        "runtime",
        ("--runtime",),
        "names",
        Config.runtimes,
        "comma-separated runtimes (default torch)",
        suite="runtimes",
    ),
    Option(
        "script_args",
        ("--script-args",),
        "text",
        "",
        'arguments for the scripts, e.g. "--batch_size 8 --max_seq_length 64"',
        metavar="ARGS",
        suite="script_args",
    ),
    Option(
        "sweep",
        ("--sweep",),
        "text",
        (),
        "run each script once per value of a standard parameter (repeatable: the cartesian product)",
        metavar="PARAM=V1,V2",
        many="append",
    ),
    Option(
        "precision",
        ("--precision",),
        "names",
        Config.precisions,
        "comma-separated precisions: fp32 (default), fp16, bf16; the model is cast after capture",
        suite="precision",
    ),
    Option(
        "mode",
        ("--mode",),
        "names",
        Config.modes,
        "comma-separated modes: eval (default: one forward call), train (forward, loss, backward, "
        "optimizer step and zero_grad), generate (a greedy generate() call of --max_new_tokens new tokens: "
        "time to first token, per output token); each model is measured in each mode from the same capture",
        metavar="eval,train",
        suite="mode",
    ),
    Option(
        "optimizer",
        ("--optimizer",),
        "choice",
        Config.optimizer,
        "optimizer of the train step: sgd (default, lr 0.01) or adamw (lr 1e-4)",
        choices=OPTIMIZERS,
        suite="optimizer",
    ),
    Option(
        "max_depth",
        ("--max-depth",),
        "int",
        Config.max_depth,
        "also benchmark submodules called up to N module calls below each model (default 0)",
        metavar="N",
        zero=True,
        suite="max_depth",
        maximum=1000,
    ),
    Option(
        "cache_dir", ("--cache-dir",), "path", None, f"default $BENCHIT_CACHE_DIR or {DEFAULT_CACHE}", suite="cache_dir"
    ),
    Option(
        "timeout",
        ("--timeout",),
        "float",
        Config.timeout_s,
        "seconds a script (with its benchmarks) may run (default 300)",
        suite="timeout",
    ),
    Option(
        "memory_limit",
        ("--memory-limit",),
        "size",
        None,
        "stop a script whose processes together use more memory (pages really used, not address space "
        "reserved), e.g. 8G; default: the memory free at the start, less a margin, divided by --jobs",
        metavar="SIZE",
        suite="memory_limit",
    ),
    Option(
        "jobs",
        ("-j", "--jobs"),
        "int",
        Config.jobs,
        "scripts analysed in parallel (measurements still take turns, with no script running beside one)",
        suite="jobs",
        maximum=1024,
    ),
    Option(
        "threads",
        ("--threads",),
        "int",
        None,
        "intra-op threads for measurement (default: physical cores available)",
        suite="threads",
        maximum=4096,
    ),
    Option(
        "analyze_only",
        ("--analyze-only",),
        "flag",
        False,
        "capture and list models; do not benchmark",
        suite="analyze_only",
    ),
    Option(
        "rebuild",
        ("--rebuild",),
        "choice",
        Config.rebuild,
        "redo builds: if_needed (default) skips what is complete in the cache",
        choices=REBUILD,
        suite="rebuild",
    ),
    Option(
        "min_iterations",
        ("--min-iterations",),
        "int",
        _TIMING.min_iterations,
        suite="timing.min_iterations",
        group=TIMING,
    ),
    Option(
        "min_time",
        ("--min-time",),
        "float",
        _TIMING.min_time_s,
        "seconds of measurement at least (default 1)",
        zero=True,
        suite="timing.min_time",
        group=TIMING,
    ),
    Option(
        "max_time",
        ("--max-time",),
        "float",
        _TIMING.max_time_s,
        "seconds of measurement at most (default 10)",
        suite="timing.max_time",
        group=TIMING,
    ),
    Option(
        "warmup_time",
        ("--warmup-time",),
        "float",
        _TIMING.warmup_max_s,
        "seconds of warm-up at most (default 5)",
        suite="timing.warmup_time",
        group=TIMING,
    ),
    Option(
        "ci_tolerance",
        ("--ci-tolerance",),
        "float",
        _TIMING.ci_tolerance,
        "stop when the median's 95%% CI is within this fraction (default 0.02)",
        suite="timing.ci_tolerance",
        group=TIMING,
    ),
    Option(
        "rounds",
        ("--rounds",),
        "int",
        _TIMING.rounds,
        "measure each model in N rounds, its runtimes interleaved round by round; the time bounds "
        f"are for all rounds together (default {_TIMING.rounds})",
        metavar="N",
        suite="timing.rounds",
        group=TIMING,
    ),
    Option(
        "max_rounds",
        ("--max-rounds",),
        "int",
        _TIMING.max_rounds,
        "more rounds of all a model's runtimes, up to N in all within --max-time, while the rounds' "
        "medians disagree by more than --ci-tolerance (default: --rounds, no more)",
        metavar="N",
        zero=True,
        suite="timing.max_rounds",
        group=TIMING,
    ),
    Option(
        "passes",
        ("--passes",),
        "int",
        _TIMING.passes,
        "divide each model's rounds among N passes over the scan, each pass a fresh process later in "
        "the scan, so that drift between processes shows in the statistics (default "
        f"{_TIMING.passes}; 1: one process measures every round; never more passes than rounds)",
        metavar="N",
        suite="timing.passes",
        group=TIMING,
    ),
    Option(
        "quiet_wait",
        ("--quiet-wait",),
        "float",
        Config.quiet_wait_s,
        "seconds the whole scan may wait for a quiet machine before measuring; once spent, results "
        f"measured on a busy machine are flagged contended (default {Config.quiet_wait_s:g}; 0: never wait)",
        metavar="SECONDS",
        zero=True,
        suite="timing.quiet_wait",
        group=TIMING,
    ),
    Option(
        "contention_threshold",
        ("--contention-threshold",),
        "float",
        _TIMING.contention_threshold,
        "a block of measurement is contended when CPU wait, steal, pressure or other runnable tasks "
        f"pass this fraction (default {_TIMING.contention_threshold:g})",
        metavar="FRACTION",
        suite="timing.contention_threshold",
        group=TIMING,
    ),
    Option("rtol", ("--rtol",), "float", Config.rtol, zero=True, suite="parity.rtol", group=PARITY),
    Option("atol", ("--atol",), "float", Config.atol, zero=True, suite="parity.atol", group=PARITY),
    Option(
        "tolerance",
        ("--tolerance",),
        "tolerances",
        (),
        "parity tolerances of a precision, e.g. bf16=0.05:0.01 (fp32: --rtol/--atol)",
        metavar="PREC=RTOL[:ATOL]",
        many="append",
        suite="parity.tolerance",
        group=PARITY,
    ),
    Option(
        "localize_time",
        ("--localize-time",),
        "float",
        Config.localize_s,
        "seconds to spend, per result whose parity failed, finding the submodule where the error starts "
        f"(diverged_at: each submodule run alone through the runtime; default {Config.localize_s:g}; 0: off)",
        metavar="SECONDS",
        zero=True,
        suite="parity.localize_time",
        group=PARITY,
    ),
    Option(
        "executor",
        ("--executor",),
        "text",
        "local",
        "where scripts run: local (default: this machine) or an executor a plugin provides",
        metavar="NAME",
        suite="executor",
    ),
    # How the terminal shows a scan, not what the scan measures: the command line's alone, so that one
    # suite reads the same from a terminal and from CI's log.
    Option(
        "progress",
        ("--progress",),
        "choice",
        "auto",
        "how progress is shown: auto (default: live on a terminal, plain otherwise), live (a bar, counts, "
        "ETA and the scripts running, redrawn in place), plain (one line per event), none (the summary only)",
        choices=PROGRESS,
    ),
    Option(
        "calibrate",
        ("--calibrate",),
        "choice",
        "auto",
        "the machine's noise floor (benchit calibrate): auto (default: a short calibration of a few seconds "
        "when this machine has none at --threads), never",
        choices=("auto", "never"),
        suite="calibrate",
    ),
    Option("plugins_dir", ("--plugins-dir",), "text", (), "load local plugins", metavar="DIR", many="append"),
    # Where results go after the scan, not what it measures: the command line's alone.
    Option(
        "db",
        ("--db",),
        "text",
        None,
        "publish the cache into this history database at the end of the scan (benchit publish): "
        "sqlite:///PATH, postgresql://USER@HOST/NAME or a file path",
        metavar="URL",
    ),
    Option(
        "allow_large",
        ("--allow-large",),
        "flag",
        False,
        f"allow a plan of more than {MAX_PLANNED:,} measurements (script x parameter set x device x runtime "
        "x precision); without it such a plan is refused before anything is expanded or run",
        suite="allow_large",
    ),
)


def defaults() -> dict[str, Any]:
    """Every option's default by dest, lists fresh."""
    return {option.dest: option.fresh_default() for option in OPTIONS}


def suite_keys(section: str = "") -> dict[str, Option]:
    """The options a suite entry sets, by key: the entry's own keys, or those inside ``section``."""
    found = {}
    for option in OPTIONS:
        if option.suite is not None and option.suite.rpartition(".")[0] == section:
            found[option.suite.rpartition(".")[2]] = option
    return found


def sections() -> list[str]:
    """The suite's mappings whose keys are options (timing, parity), in order."""
    return list(dict.fromkeys(o.suite.partition(".")[0] for o in OPTIONS if o.suite and "." in o.suite))


class PluginOptions:
    """The parser a plugin's ``benchit_addoption`` is given: the subcommand's own, every ``add_argument``
    passed through and its option's default kept by dest, so that benchit knows the plugins' options
    (they reach ``Config.options``) without reading argparse's private lists. With ``overrides``
    (``benchit run``, whose options override a suite) an option not given leaves no value at all."""

    def __init__(self, container: Any, overrides: bool = False, defaults: dict[str, Any] | None = None) -> None:
        self._container = container
        self._overrides = overrides
        self.defaults: dict[str, Any] = {} if defaults is None else defaults

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = self._container.add_argument(*args, **kwargs)
        self.defaults[action.dest] = action.default
        if self._overrides:
            action.default = argparse.SUPPRESS
        return action

    def add_argument_group(self, *args: Any, **kwargs: Any) -> PluginOptions:
        return PluginOptions(self._container.add_argument_group(*args, **kwargs), self._overrides, self.defaults)

    def add_mutually_exclusive_group(self, *args: Any, **kwargs: Any) -> PluginOptions:
        group = self._container.add_mutually_exclusive_group(*args, **kwargs)
        return PluginOptions(group, self._overrides, self.defaults)

    def __getattr__(self, name: str) -> Any:  # the rest of argparse's parser, unchanged
        return getattr(self._container, name)
