"""What a failure is: its stage, the op and the library frame it names, and a stable signature of its cause."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import re
import sys
import sysconfig
import traceback
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

# The stages a failure is put at (docs/usage.md, "Failure triage"); a runtime's own words are kept as they come.
CAPTURE, EXPORT, CONVERT, COMPILE, RUN = "capture", "export", "convert", "compile", "run"
ACCURACY, TIMEOUT, OOM, CRASH, SETUP = "accuracy", "timeout", "oom", "crash", "setup"
# Where measure/prepare.py caught it: preparing the runtime, or running a step it prepared.
PREPARE = "prepare"

TEMPLATE_LIMIT = 240


@dataclass(frozen=True)
class Failure:
    """Why one result failed, typed: ``stage``, the ``op`` the library named (``""``: none), the
    innermost library ``frame`` (``module:function``, ``""``: unknown), the exception ``kind``, the
    message ``template`` and ``signature``, a short id of (runtime, stage, kind, template, op)."""

    stage: str
    kind: str = ""
    template: str = ""
    op: str = ""
    frame: str = ""
    signature: str = ""

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Failure:
        return cls(**{k: str(v) for k, v in data.items() if k in _FIELDS and v is not None})


_FIELDS = frozenset(f.name for f in dataclasses.fields(Failure))


# -- the message template --------------------------------------------------------------------------
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_PATH = re.compile(r"(?:[A-Za-z]:)?(?:[\w.~-]*[/\\])+[\w.-]+(?::\d+)*")
_SEPARATED = re.compile(r"(?<!\S)\S*[/\\]\S*")  # a whole word (from a space to a space) with a separator
# Each rule with the texts some match needs (None: any text): a rule is tried only on a text that
# holds one of them; what it would not match, it would leave as it is.
_TEMPLATE_RULES: tuple[tuple[re.Pattern[str], str, tuple[str, ...] | None], ...] = (
    (re.compile(r"0x[0-9a-fA-F]+"), "<addr>", ("0x",)),
    (_PATH, "<path>", ("/", "\\")),
    (re.compile(r"torch\.Size\(\[[^\]]*\]\)"), "<shape>", ("torch.Size([",)),
    (re.compile(r"\[\s*-?\d+(?:\s*,\s*-?\d+)*\s*,?\s*\]|\(\s*-?\d+(?:\s*,\s*-?\d+)+\s*,?\s*\)"), "<shape>", ("[", "(")),
    (re.compile(r"\b\d+(?:\s*x\s*\d+)+\b"), "<shape>", ("x",)),
    # A quote opens a name only where no letter precedes it: the apostrophe of "Couldn't" does not.
    (re.compile(r"(?<![A-Za-z])'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`"), "<name>", ("'", '"', "`")),
    (re.compile(r"%[\w.]+"), "<name>", ("%",)),
    # A number starts with a sign, a digit or a point: the look-ahead spares the rest of the
    # pattern at every other place (it matches what it would without).
    (re.compile(r"(?=[-+.\d])(?:[-+]?\b\d+(?:\.\d*)?(?:[eE][-+]?\d+)?\b|[-+]?\.\d+(?:[eE][-+]?\d+)?)"), "<n>", None),
)  # fmt: skip
_WHITE = re.compile(r"\s+")


def _paths(text: str) -> str:
    """``_PATH``'s substitution of ``text``, done word by word on the words with a separator: no
    match crosses a space (none of its characters is one) nor needs what lies around it, and
    trying it at every position of a long line costs most of ``template``'s time."""
    return _SEPARATED.sub(_path_word, text)


def _path_word(word: re.Match[str]) -> str:
    return _PATH.sub("<path>", word.group())


def template(line: str) -> str:
    """``line`` with paths, addresses, shapes, quoted names and numbers taken out: the words that
    say what went wrong, equal for two failures of one cause on different models."""
    text = (_ANSI.sub("", line) if "\x1b" in line else line).strip()
    for pattern, replacement, needs in _TEMPLATE_RULES:
        if needs is not None and not any(n in text for n in needs):
            continue
        text = _paths(text) if pattern is _PATH else pattern.sub(replacement, text)
    # White space made one space; a text without two spaces in a row and all printable (every
    # other white space character is not) has nothing to make.
    if "  " in text or not text.isprintable():
        text = _WHITE.sub(" ", text)
    text = text.strip()
    return text if len(text) <= TEMPLATE_LIMIT else text[:TEMPLATE_LIMIT] + " ..."


# -- the op a library names ------------------------------------------------------------------------
_OPS = (
    re.compile(r"OpOverload\(op='(\w+\.[\w.]+?)'"),  # any library's op: <OpOverload(op='transformers.grouped_mm', ...)>
    re.compile(r"op='((?:aten|prims|quantized|torchvision|onnx)\.[\w.]+?)'"),  # <OpOverload(op='aten.cummax', ...)>
    re.compile(r"torch\.ops\.((?:aten|prims|quantized|torchvision)\.\w+)"),  # torch.ops.aten.x.default
    re.compile(r"\b((?:aten|prims|quantized|torchvision)::\w+)"),  # aten::linalg_svdvals (TorchScript)
    re.compile(r"while running (\w+) node\b"),  # ONNX Runtime's run errors
    re.compile(r"implementation for (\w+)\(\d+\) node"),  # ONNX Runtime: no kernel for an ONNX node
    re.compile(r"\bOp \((\w+)\)"),  # ONNX Runtime: "Node (name) Op (Type)"
    re.compile(r"[Oo]perator[ :]+'?((?:aten|prims)[.:]+\w+|[A-Z]\w+)'?"),
)


def find_op(text: str) -> str:
    """The first operator or ONNX node type ``text`` names, or ``""``; never a name cut short where
    a long message was shortened (``aten.scaled_dot_product_attentio ...``)."""
    for pattern in _OPS:
        for found in pattern.finditer(text):
            if not _CUT.match(text, found.end(1)):
                return found.group(1)
    return ""


_CUT = re.compile(r" \.\.\.\s*(?:\n|$)")  # where a shortened message ends (``onnxfile._plain``)


# -- the stage --------------------------------------------------------------------------------------
_CONVERT = re.compile(r"ConversionError|DispatchError|OnnxExporterError|UnsupportedOperatorError|SymbolicValueError")
_COMPILE = re.compile(r"BackendCompilerFailed|InductorError|torch\._dynamo|torch\._inductor|LoweringException")
_RUN = re.compile(r"Non-zero status code returned while running|RUNTIME_EXCEPTION")
_ORT_COMPILE = re.compile(r"ONNXRuntimeError|InvalidGraph|INVALID_GRAPH|NOT_IMPLEMENTED|Load model")
_OOM = re.compile(r"out of memory|OutOfMemoryError|MemoryError|std::bad_alloc")
# Any of them, in one reading of the text: most texts name none.
_NAMED = re.compile("|".join(p.pattern for p in (_CONVERT, _COMPILE, _RUN, _ORT_COMPILE, _OOM)))


def stage_of(text: str, where: str) -> str:
    """The stage of a failure with ``text`` caught ``where`` (``prepare`` or ``run``; ``""``: not known):
    what the text shows of the library that raised it, else where it was caught."""
    exported = "ExportError" in text or "torch.export" in text or "torch._export" in text
    if exported or _NAMED.search(text):  # most texts name none of the libraries' words
        if _CONVERT.search(text):
            return CONVERT
        if exported:
            return EXPORT
        if _COMPILE.search(text):
            return COMPILE
        if _RUN.search(text):
            return RUN
        if _ORT_COMPILE.search(text):
            return COMPILE
        if _OOM.search(text):
            return OOM
    if where == PREPARE:
        return COMPILE
    return where or RUN


def signature(runtime: str, stage: str, kind: str, template_text: str, op: str) -> str:
    """A short id, the same wherever and whenever the same cause fails the same runtime."""
    key = "\x1f".join((runtime, stage, kind, template_text, op))
    return hashlib.sha1(key.encode()).hexdigest()[:10]


_DOTTED = re.compile(r"[\w.]+")


def _kind(first_line: str) -> str:
    head, sep, _ = first_line.partition(":")
    return head.strip() if sep and _DOTTED.fullmatch(head.strip()) else ""


def _first_line(text: str) -> str:
    """The first line of ``text`` that is not blank, stripped, without colour codes."""
    plain = _ANSI.sub("", text) if "\x1b" in text else text
    return next((line for line in plain.splitlines() if line.strip()), "").strip()


# A cache holds many results of one cause with the very same text (a ``Failure`` is frozen: one serves them all).
@functools.lru_cache(maxsize=1024)
def describe(runtime: str, text: str, stage: str = "", where: str = "", op: str = "", frame: str = "") -> Failure:
    """The failure of ``runtime`` whose error is ``text`` (``Type: message`` then a traceback's tail),
    at ``stage`` when known, else from the text and ``where`` it was caught."""
    first = _first_line(text)
    kind = _kind(first)
    shape = template(first)
    stage = stage or stage_of(text, where)
    op = op or find_op(text)
    frame = frame or frame_in_text(text)
    return Failure(stage, kind, shape, op, frame, signature(runtime, stage, kind, shape, op))


# -- the innermost library frame --------------------------------------------------------------------
_STDLIB = tuple({sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["platstdlib"]})
_SITE = re.compile(r"[/\\](?:site|dist)-packages[/\\]")
_FRAME_LINE = re.compile(r'File "([^"]+)", line \d+, in (\S+)')


@functools.lru_cache(maxsize=1024)
def _module_of(filename: str, extra: tuple[str, ...]) -> str | None:
    """The dotted module of a library file (under site-packages, or one of ``extra`` folders);
    ``None`` for benchit itself, the standard library and everything else (the user's script)."""
    parts = _SITE.split(filename)
    if len(parts) > 1:
        module = Path(parts[-1]).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__")
    elif any(filename.startswith(e) for e in extra):
        module = Path(filename).stem
    else:
        return None
    if module.split(".")[0] in ("benchit", "pluggy", "_pytest", "pytest"):
        return None
    return module


def _frame(frames: list[tuple[str, str]], extra: tuple[str, ...]) -> str:
    for filename, function in reversed(frames):
        if filename.startswith(_STDLIB) and not _SITE.search(filename):
            continue
        module = _module_of(filename, extra)
        if module is not None:
            return f"{module}:{function}"
    return ""


def frame_in_text(text: str) -> str:
    """The innermost library frame of the traceback lines in ``text`` (a cached error), or ``""``."""
    return _frame(_FRAME_LINE.findall(text), ())


def frame_in(frames: list[tuple[str, str]]) -> str:
    """The innermost library frame (``module:function``) of ``(filename, function)`` frames, the
    outermost first (a stack read some other way than from a traceback), or ``""``."""
    return _frame(frames, ())


def _chain(exc: BaseException) -> list[BaseException]:
    """``exc`` and the exceptions it was raised from or while handling, outermost first."""
    found: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in found and len(found) < 16:
        found.append(current)
        current = current.__cause__ or (None if current.__suppress_context__ else current.__context__)
    return found


def library_frame(exc: BaseException, extra: tuple[str, ...] = ()) -> str:
    """The innermost frame inside a library (``module:function``) of ``exc`` or the exception it
    came from, the deepest cause first; ``extra``: folders that count as library too (a plugin's)."""
    for link in reversed(_chain(exc)):
        tb: TracebackType | None = link.__traceback__
        frames = [(f.filename, f.name) for f in traceback.extract_tb(tb)] if tb is not None else []
        if found := _frame(frames, extra):
            return found
    return ""


def from_exception(
    runtime: str, exc: BaseException, text: str, where: str, op: str = "", extra: tuple[str, ...] = ()
) -> Failure:
    """The failure of ``runtime`` with ``exc`` (whose cached text is ``text``), caught ``where``;
    ``op``: what the runtime named, else found in the messages of ``exc`` and its causes."""
    messages = "\n".join(f"{type(e).__name__}: {e}" for e in _chain(exc))
    return describe(runtime, text, where=where, op=op or find_op(text) or find_op(messages),
                    frame=library_frame(exc, extra))  # fmt: skip


def module_folder(obj: object) -> tuple[str, ...]:
    """The folder of the file that defines ``obj``'s class: a plugin's frames count as its library's."""
    module = sys.modules.get(type(obj).__module__)
    path = getattr(module, "__file__", None)
    return (str(Path(path).parent),) if path and type(obj).__module__.split(".")[0] != "benchit" else ()


def of_runtime(runtime: Any, exc: BaseException, text: str, where: str) -> Failure:
    """The failure of ``runtime`` (a ``contracts.Runtime``) with ``exc``, caught ``where``: the op it
    names through its optional ``failure_op(exc)`` (a runtime that raises there names none), and its
    own module's folder counted as library."""
    op = ""
    hook = getattr(runtime, "failure_op", None)
    if callable(hook):
        try:
            op = str(hook(exc) or "")
        except Exception:  # noqa: BLE001 - a broken hook names no op; the failure is still recorded
            op = ""
    return from_exception(str(getattr(runtime, "name", "")), exc, text, where, op, module_folder(runtime))


def of_parity(runtime: str, reason: str | None, op: str = "") -> Failure:
    """The failure of ``runtime`` whose outputs failed parity with eager torch for ``reason``."""
    shape = template(f"parity failed: {reason or 'outputs differ from eager torch'}")
    return Failure(ACCURACY, "ParityFailed", shape, op, "", signature(runtime, ACCURACY, "ParityFailed", shape, op))


def of_result(result: Any) -> Failure | None:
    """A ``records.Result``'s failure: the one recorded, else (a result cached before failures were
    kept) derived from its error text, or its failed parity; ``None`` for a result that did not fail."""
    if result.failure is not None:
        return result.failure
    if str(result.status) == "failed":
        return describe(result.runtime, result.error or "")
    parity = result.parity
    if parity is not None and parity.passed is False and str(result.status) == "ok":
        return of_parity(result.runtime, parity.reason)
    return None


def current(result: Any) -> Failure | None:
    """``of_result``, with the template and signature of a recorded failure made again from its
    error text by this benchit's rules (its stage, op and frame, found from the exception when it
    was caught, kept): a result recorded by a benchit whose template rules have changed since is
    then compared with a failure seen today by the same rules (``benchit repro``). A recorded
    failure whose text was shortened inside its first line keeps what it recorded."""
    failure = of_result(result)
    if failure is None or result.failure is None or failure.stage == ACCURACY or not result.error:
        return failure
    first = _first_line(result.error)
    if not first or _CUT.search(first):
        return failure
    return describe(result.runtime, result.error, stage=failure.stage, op=failure.op, frame=failure.frame)


def of_script(status: str, error: dict[str, Any] | str | None) -> Failure:
    """The failure of a script that ended ``status`` (failed, timeout, oom, killed) before its
    results were all measured: capture for a failed script, else the way it ended."""
    if isinstance(error, dict):
        text = f"{error.get('type') or status}: {error.get('message') or ''}\n{error.get('traceback') or ''}"
    else:
        text = error or status
    stage = {"timeout": TIMEOUT, "oom": OOM, "failed": CAPTURE}.get(status, CRASH)
    return describe("", text, stage=stage)


def error_text(exc: BaseException, frames: int = 6) -> str:
    """``Type: message`` plus the last frames of the traceback, for the cache and the report."""
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    tail = "".join(lines[-frames:]).strip()
    return f"{type(exc).__name__}: {str(exc).strip()}\n{tail}"
