"""``--mode generate``: greedy generation of exactly N new tokens, each token stamped; its columns; tokens against eager.

The protocol (docs/usage.md, "Generation"): greedy decoding, ``min_new_tokens = max_new_tokens``
(no end-of-sequence token can end it early: random weights make one likely) and an explicit pad
token. The timed step is one whole ``generate()`` call, so warm-up, rounds, contended blocks and
intervals are the timing loop's own; inside each call a stopping criterion stamps each new token
after the device has finished it. A stopping criterion and not a forward hook: it runs outside a
forward that torch.compile traces (a hook inside one would be traced, not run), once per token, after
the token is chosen, which is what a user waits for. TTFT runs from the call to the first stamp,
generate's own set-up included (as optimum-benchmark and lemonade define it); each later gap is a
decode step, and TPOT is their median within a call. Only the calls of the blocks the timing loop
keeps count (``TokenWatch``), so TTFT and TPOT come from the same calls as the result's ``Stats``,
round by round (``tokenstats``).
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit import keys
from benchit.contracts import Device, Generator, Prepared, Runtime
from benchit.errors import Unavailable
from benchit.measure import contention, tokenstats
from benchit.measure.parity import Tolerances, compare
from benchit.measure.timing import percentile
from benchit.parser import parse
from benchit.records import ParityRule, ParityVerdict, Stats

if TYPE_CHECKING:
    import numpy as np
    import torch

    from benchit.measure.placement import Placed

# vLLM's rule for greedy tokens that part: each side's token among the other's top k is a near tie.
TOP_K = 5
# Forward inputs a prompt may carry into generate(); the others a captured forward call had are its own.
PROMPT_INPUTS = ("input_ids", "attention_mask", "token_type_ids", "position_ids")
# The captured capture.GENERATE arguments kept: the prompt's own; the protocol sets the decoding.
KEPT_OPTIONS = ("max_new_tokens",)


def why_not(model: Any) -> str | None:
    """Why ``model`` cannot generate (one line), or ``None`` when it can."""
    can = getattr(model, "can_generate", None)
    if not callable(can) or not hasattr(model, "generate"):
        return (
            f"{type(model).__name__} cannot generate: it has no generate() (not a Hugging Face GenerationMixin model)"
        )
    try:
        able = bool(can())
    except Exception as exc:  # noqa: BLE001 - a model that cannot answer cannot generate
        return f"{type(model).__name__} cannot generate: can_generate() raised {type(exc).__name__}"
    if not able:
        return f"{type(model).__name__} cannot generate: can_generate() is False (no language-model head)"
    return None


@dataclass(frozen=True)
class Prompt:
    """What each generation starts from: the prompt's tensors on the device, its shape, N."""

    kwargs: dict[str, Any]
    batch: int
    tokens: int
    new_tokens: int
    from_generate: bool  # a captured generate() call; else a forward call's input ids


def prompt_of(placement: Placed, script_args: tuple[str, ...] | list[str]) -> Prompt:
    """The prompt of the placement's invocation: a captured ``generate()`` call's own tensors and
    ``max_new_tokens``, or a forward call's input ids (and attention mask) with ``max_new_tokens``
    from the script's arguments (``parse()``'s default, 32). Raises ``Unavailable`` saying why the
    model cannot generate, or why these inputs are no prompt."""
    import torch

    model, _, kwargs = placement.inputs()
    reason = why_not(model)
    if reason is not None:
        raise Unavailable(reason)
    extra = getattr(placement.item, "extra", {}) or {}
    options = extra.get(keys.CAPTURED_GENERATE)
    if options is not None:
        added = set(extra.get(keys.CAPTURED_GENERATE_ADDED, ()))
        prompt = {k: v for k, v in kwargs.items() if k not in added}
        new_tokens = options.get("max_new_tokens")
    else:
        _, args, _ = placement.inputs()
        given = dict(kwargs)
        if args:
            given.setdefault(getattr(model, "main_input_name", "input_ids"), args[0])
        prompt = {k: v for k, v in given.items() if k in PROMPT_INPUTS and isinstance(v, torch.Tensor)}
        new_tokens = None
    ids = prompt.get("input_ids")
    if not isinstance(ids, torch.Tensor) or ids.dim() != 2 or ids.is_floating_point():
        raise Unavailable("the captured call has no 2-D integer input_ids to prompt generate() with")
    if not isinstance(new_tokens, int) or new_tokens < 1:
        new_tokens = int(parse(["max_new_tokens"], list(script_args))[0])
    return Prompt(prompt, int(ids.shape[0]), int(ids.shape[1]), new_tokens, options is not None)


def protocol(model: Any, prompt: Prompt) -> dict[str, Any]:
    """generate()'s arguments besides the prompt: greedy, exactly N new tokens, an explicit pad token."""
    config = model.generation_config
    pad = config.pad_token_id
    if not isinstance(pad, int):
        eos = config.eos_token_id
        pad = eos if isinstance(eos, int) else eos[0] if isinstance(eos, list) and eos else 0
    vocab = getattr(model.config.get_text_config(decoder=True), "vocab_size", None)
    if isinstance(vocab, int) and not 0 <= pad < vocab:
        pad = 0  # a random-weight config may name a pad token beyond its small vocabulary
    return {
        "do_sample": False,
        "num_beams": 1,
        "max_new_tokens": prompt.new_tokens,
        "min_new_tokens": prompt.new_tokens,
        "pad_token_id": pad,
        "use_cache": True,
    }


def _tensor_bytes(value: Any, seen: set[int]) -> int:
    """The bytes of every distinct tensor under ``value`` (a cache object, its layers, lists)."""
    import torch

    if isinstance(value, torch.Tensor):
        if id(value) in seen or not value.is_floating_point():  # the keys and values, not the cache's counters
            return 0
        seen.add(id(value))
        return value.numel() * value.element_size()
    if isinstance(value, (list, tuple)):
        return sum(_tensor_bytes(v, seen) for v in value)
    if isinstance(value, dict):
        return sum(_tensor_bytes(v, seen) for v in value.values())
    if hasattr(value, "__dict__") and type(value).__module__.startswith("transformers"):
        return sum(_tensor_bytes(v, seen) for v in vars(value).values())
    return 0


def kv_bytes_expected(model: Any, prompt: Prompt, element_bytes: int) -> int | None:
    """2 x layers x KV heads x head dim x batch x positions x bytes per element: positions are the
    prompt and the new tokens but the last (never fed back), which is also the length transformers
    gives a static cache (``max_length - 1``); an encoder-decoder's decoder holds N positions (its
    start token and N - 1 new ones) and its cross-attention the prompt's. ``None`` where a size is
    unknown, or differs by layer (transformers' heterogeneous configs refuse to give one value)."""
    config = model.config.get_text_config(decoder=True)
    try:
        layers = getattr(config, "num_hidden_layers", None) or getattr(config, "decoder_layers", None)
        heads = getattr(config, "num_attention_heads", None) or getattr(config, "decoder_attention_heads", None)
        kv_heads = getattr(config, "num_key_value_heads", None) or heads
        head_dim = getattr(config, "head_dim", None) or getattr(config, "d_kv", None)
        hidden = getattr(config, "hidden_size", None) or getattr(config, "d_model", None)
    except Exception:  # noqa: BLE001 - a heterogeneous config's per-layer sizes have no one value
        return None
    if not head_dim and hidden and heads:
        head_dim = hidden // heads
    if not (isinstance(layers, int) and isinstance(kv_heads, int) and isinstance(head_dim, int)):
        return None
    per_position = 2 * layers * kv_heads * head_dim * prompt.batch * element_bytes
    n = prompt.new_tokens
    if getattr(model.config, "is_encoder_decoder", False):
        return per_position * (n + prompt.tokens)
    return per_position * (prompt.tokens + n - 1)


@dataclass
class Call:
    """One timed generate() call: seconds to its first token and each decode step after it."""

    ttft_s: float
    steps_s: list[float]


class Recorder:
    """The timed step of ``--mode generate``: one whole generate() call, each of whose tokens a
    stopping criterion stamps after ``synchronize``. Calls made inside a block the timing loop
    keeps are ``kept`` (``TokenWatch`` says which); the first call's output (a dict with the
    cache) gives ``kv_cache_bytes``."""

    def __init__(self, generator: Generator, model: Any, prompt: Prompt, synchronize: Callable[[], None]):
        self.generator, self.model, self.prompt, self.synchronize = generator, model, prompt, synchronize
        self.kwargs = {**prompt.kwargs, **protocol(model, prompt), "stopping_criteria": _stamper(self)}
        self.stamps: list[float] = []
        self.kept: list[Call] = []
        self.rounds: list[list[Call]] = []  # the kept calls of each round ended, as the timing loop's rounds
        self.round: list[Call] = []  # the kept calls of the round being timed
        self.block: list[Call] | None = None  # the calls of the block being timed, if one is
        self.set_aside: list[Call] = []
        self.kv_cache_bytes: int | None = None
        self.calls = 0
        self.recompiles = 0
        self._graphs: int | None = None
        self.graphs_made: int | None = None  # a compiling runtime's graphs by its first call (``GENERATE_GRAPHS``)

    def __call__(self) -> Any:
        first = self.calls == 0
        self.calls += 1
        self.stamps = []
        start = time.perf_counter()
        output = self.generator.generate(**self.kwargs, return_dict_in_generate=first)
        if first:
            self.kv_cache_bytes = _tensor_bytes(getattr(output, "past_key_values", None), set()) or None
            if COMPILING in self.generator.info:  # counted since the runtime reset dynamo's counters
                self.graphs_made = _graph_count()
        if self.block is not None and self.stamps:
            stamps = self.stamps
            self.block.append(Call(stamps[0] - start, [b - a for a, b in zip(stamps, stamps[1:], strict=False)]))
        return output

    def stamp(self) -> None:
        self.synchronize()
        self.stamps.append(time.perf_counter())

    # The timing loop's blocks, through ``TokenWatch``.
    def begin(self) -> None:
        self.block = []
        self._graphs = _graph_count()

    def end(self, discarded: bool) -> None:
        if self.block is not None:
            if discarded:
                self.set_aside.extend(self.block)
            else:
                self.kept.extend(self.block)
                self.round.extend(self.block)
        self.block = None
        if self._graphs is not None:
            self.recompiles += max(0, (_graph_count() or 0) - self._graphs)

    def end_round(self, kept_set_aside: bool) -> None:
        if kept_set_aside:
            self.kept.extend(self.set_aside)
            self.round.extend(self.set_aside)
        self.rounds.append(self.round)
        self.round, self.set_aside = [], []

    def columns(self, stats: Stats, element_bytes: int) -> dict[str, Any]:
        """The result's generation columns (``keys``) from the kept calls; ``stats`` are of e2e."""
        prompt, calls = self.prompt, self.kept
        ttft = [c.ttft_s * 1000 for c in calls]
        tpot = _tpots(calls)
        out: dict[str, Any] = {
            keys.E2E_MS: stats.median_ms,
            keys.PROMPT_TOKENS: prompt.tokens,
            keys.NEW_TOKENS: prompt.new_tokens,
            keys.KV_CACHE_BYTES: self.kv_cache_bytes,
            keys.KV_CACHE_BYTES_EXPECTED: kv_bytes_expected(self.model, prompt, element_bytes),
            keys.RECOMPILES: self.recompiles,
            keys.GENERATE_CALLS_TIMED: len(calls),
        }
        if self.graphs_made is not None:
            out[keys.GENERATE_GRAPHS] = self.graphs_made
        # Each round's calls too, in the order of the timing loop's rounds (``Stats.rounds_ms``).
        per_round = [[c.ttft_s * 1000 for c in r] for r in self.rounds], [_tpots(r) for r in self.rounds]
        for (name, low, high, stats_key, _), values, rounds in zip(
            tokenstats.MEDIANS, (ttft, tpot), per_round, strict=True
        ):
            if not values:
                out[name] = None
                continue
            summary = tokenstats.summary(values, rounds, len(stats.rounds_ms))
            out.update({name: summary["median_ms"], low: summary["median_ci_low_ms"]})
            out.update({high: summary["median_ci_high_ms"], stats_key: summary})
        ttft_ms, tpot_ms = out[keys.TTFT_MS], out[keys.TPOT_MS]
        out[keys.PREFILL_TOKENS_PER_S] = prompt.batch * prompt.tokens * 1000 / ttft_ms if ttft_ms else None
        out[keys.DECODE_TOKENS_PER_S] = prompt.batch * 1000 / tpot_ms if tpot_ms else None
        return out


# A generator's info that says its runtime compiles (``backends.runtimes.compile``): its graphs are counted.
COMPILING = "compile_backend"


def _tpots(calls: list[Call]) -> list[float]:
    """Each call's median decode step (ms), of the calls that had one (N of at least 2)."""
    return [percentile(sorted(c.steps_s), 50) * 1000 for c in calls if c.steps_s]


def _graph_count() -> int | None:
    """The graphs torch.compile has made in this process so far (dynamo's counter), if it can say."""
    try:
        from torch._dynamo.utils import counters
    except ImportError:  # pragma: no cover - every supported torch has it
        return None
    return int(counters["stats"]["unique_graphs"])


def _stamper(recorder: Recorder) -> Any:
    """A stopping criterion that stamps each new token and never stops generation."""
    import torch
    from transformers import StoppingCriteria, StoppingCriteriaList

    class Stamp(StoppingCriteria):
        def __call__(self, input_ids: torch.Tensor, scores: torch.Tensor, **kwargs: Any) -> torch.Tensor:
            recorder.stamp()
            return torch.zeros(input_ids.shape[0], dtype=torch.bool, device=input_ids.device)

    return StoppingCriteriaList([Stamp()])


class TokenWatch(contention.BlockWatch):
    """The contention watch of a generate step, which also tells its ``Recorder`` which calls
    were timed in a block kept, set aside, or kept after all."""

    def __init__(self, judge: contention.Judge, recorder: Recorder):
        super().__init__(judge)
        self.recorder = recorder

    def begin(self) -> None:
        super().begin()
        self.recorder.begin()

    def end(self) -> bool:
        discarded = super().end()
        self.recorder.end(discarded)
        return discarded

    def end_round(self, kept_set_aside: bool) -> None:
        super().end_round(kept_set_aside)
        self.recorder.end_round(kept_set_aside)


@dataclass
class Session:
    """One placement's generation: its prompt, and eager torch's greedy tokens and logits (each
    computed once, when a non-eager runtime first needs them)."""

    placement: Placed
    prompt: Prompt
    _reference: Any = None
    _rerun: Any = None
    _fp64: Any = None
    info: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, placement: Placed, script_args: tuple[str, ...] | list[str]) -> Session:
        return cls(placement, prompt_of(placement, script_args))

    def prepare(self, runtime: Runtime, device: Device, artifacts: Path) -> Prepared:
        """The runtime's generator as the timed step (a ``Recorder``)."""
        model = self.placement.inputs()[0]
        generator = runtime.prepare_generate(model, device, artifacts)
        recorder = Recorder(generator, model, self.prompt, device.synchronize)
        return Prepared(step=recorder, info=dict(generator.info))

    def _eager(self, forced: Any = None, model: Any = None) -> tuple[Any, np.ndarray]:
        """Eager torch's greedy tokens and raw logits ([batch, N, vocab]); ``forced``: tokens it is
        made to take (teacher forcing); ``model``: another copy (float64)."""
        import torch

        model = model if model is not None else self.placement.inputs()[0]
        generator = Generator(generate=lambda **kw: model.generate(**kw, disable_compile=True))
        with torch.inference_mode():
            return _run(generator, model, self.prompt, forced)

    def parity(self, recorder: Recorder, tolerances: Tolerances) -> dict[str, Any]:
        """The runtime's greedy tokens against eager torch's (``tokens_matched``, vLLM's near-tie
        rule at the first difference), then its logits teacher-forced on eager's tokens, judged by
        the accuracy rules (``parity.compare``: float64, cosine, eager run twice)."""
        import torch

        if self._reference is None:
            self._reference = self._eager()
        tokens, logits = self._reference
        with torch.inference_mode():
            own_tokens, own_logits = _run(recorder.generator, recorder.model, self.prompt, None)
            _, forced_logits = _run(recorder.generator, recorder.model, self.prompt, tokens)
        greedy = greedy_verdict(tokens, logits, own_tokens, own_logits)

        def rerun() -> list[np.ndarray]:
            if self._rerun is None:
                self._rerun = self._eager()[1]
            return [self._rerun]

        def fp64() -> list[np.ndarray] | str:
            if self._fp64 is None:
                self._fp64 = self._float64(tokens)
            return self._fp64

        record = compare([logits], [forced_logits], tolerances, rerun=rerun, fp64=fp64)
        record["teacher_forced"] = True
        record.update(greedy)
        if greedy["greedy"] == "diverged" and record.get("verdict") == ParityVerdict.PASSED.value:
            record.update(verdict=ParityVerdict.FAILED.value, passed=False, rule=ParityRule.GREEDY_TOKENS.value)
            record["reason"] = (
                f"greedy tokens part from eager torch's at token {greedy[keys.TOKENS_MATCHED]} of "
                f"{self.prompt.new_tokens}, and neither token is in the other's top {TOP_K}"
            )
        return record

    def _float64(self, tokens: Any) -> list[np.ndarray] | str:
        import torch

        model = self.placement.inputs()[0]
        copied = None
        try:
            copied = copy.deepcopy(model).to(torch.float64)
            return [self._eager(tokens, copied)[1]]
        except Exception as exc:  # noqa: BLE001 - without float64 the cosine rule judges
            first = (str(exc).strip().splitlines() or [""])[0][:300]
            return f"float64 could not run: {type(exc).__name__}: {first}"
        finally:
            del copied


def _run(generator: Generator, model: Any, prompt: Prompt, forced: Any) -> tuple[Any, np.ndarray]:
    """One greedy generation's new tokens ([batch, N]) and raw logits ([batch, N, vocab], float64
    numpy), with ``forced`` (eager's tokens) chosen at each step in place of the argmax."""
    import torch
    from transformers import LogitsProcessor, LogitsProcessorList

    kwargs = {**prompt.kwargs, **protocol(model, prompt), "return_dict_in_generate": True, "output_logits": True}
    if forced is not None:

        class Force(LogitsProcessor):
            def __call__(self, input_ids: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
                step = len(chosen)
                chosen.append(step)
                out = torch.full_like(scores, -math.inf)
                out.scatter_(1, forced[:, step : step + 1].to(scores.device), 0.0)
                return out

        chosen: list[int] = []
        kwargs["logits_processor"] = LogitsProcessorList([Force()])
    output = generator.generate(**kwargs)
    new = output.sequences[:, -prompt.new_tokens :].cpu()
    logits = torch.stack([step.detach().float().cpu() for step in output.logits], dim=1)
    return new, logits.double().numpy()


def greedy_verdict(
    ref_tokens: Any, ref_logits: np.ndarray, tokens: Any, logits: np.ndarray, k: int = TOP_K
) -> dict[str, Any]:
    """``tokens_matched`` (the common prefix of the two greedy sequences, the shortest over the
    batch) and ``greedy``: ``identical``, ``near_tie`` (at the first difference each side's token
    is in the other's top ``k``: random weights give near-flat logits, where a tie that flips is
    not an error) or ``diverged``."""
    import numpy as np

    ref, own = np.asarray(ref_tokens), np.asarray(tokens)
    n = min(ref.shape[1], own.shape[1])
    matched, verdict = n, "identical"
    for row in range(ref.shape[0]):
        differs = np.nonzero(ref[row, :n] != own[row, :n])[0]
        if not differs.size:
            continue
        at = int(differs[0])
        if at < matched:
            matched = at
        ref_top = np.argsort(-ref_logits[row, at])[:k]
        own_top = np.argsort(-logits[row, at])[:k]
        tie = int(own[row, at]) in ref_top and int(ref[row, at]) in own_top
        if not tie:
            verdict = "diverged"
        elif verdict == "identical":
            verdict = "near_tie"
    return {keys.TOKENS_MATCHED: matched, "greedy": verdict, "top_k": k}
