"""The names of a result's ``info`` facts and of the report columns that more than one module reads, each spelt once."""

from __future__ import annotations

from enum import Enum

# -- a result's ``info`` (``records.Result.info``): written by measure/, read by report/, judge/, history/
# These strings are JSON keys of the cache: a name here may change, its value never.

# How busy the machine was (``measure.contention``): the evidence, and why it was too busy.
CPU_WAIT_FRACTION = "cpu_wait_fraction"
STEAL_FRACTION = "steal_fraction"
RUNNABLE_OTHERS = "runnable_others"
CPU_PRESSURE = "cpu_pressure"
CONTENDED_REASON = "contended_reason"
BLOCKS_DISCARDED = "blocks_discarded"  # timed blocks set aside as contended
QUIET_WAIT_S = "quiet_wait_s"  # seconds waited for a quiet machine

# The cost of a runtime beyond its latency (``measure.bench``).
PREPARE_S = "prepare_s"
FIRST_STEP_S = "first_step_s"
PREPARE_RSS_BYTES = "prepare_rss_bytes"  # resident memory the preparation added
OVERHEAD_NS = "overhead_ns"  # the timer's own cost per call
OVERHEAD_FRACTION = "overhead_fraction"  # ... over the median
MEASURE_START = "measure_start"  # wall clock (time.time) of the first round
MEASURE_END = "measure_end"  # ... and of the end of the last
WORKER_START_RSS_BYTES = "worker_start_rss_bytes"
INVOLUNTARY_CONTEXT_SWITCHES = "involuntary_context_switches"
# Peaks of memory while the runtime ran; the device's two are what ``contracts.Device.peak_memory`` returns.
PEAK_RSS_BYTES = "peak_rss_bytes"
PEAK_MEMORY_ALLOCATED_BYTES = "peak_memory_allocated_bytes"
PEAK_MEMORY_RESERVED_BYTES = "peak_memory_reserved_bytes"

# The machine-speed probes (``measure.speed``): each one's reading and what it timed (readings of two
# different probes are never compared).
SPEED_PROBE_US = "speed_probe_us"
SPEED_PROBE = "speed_probe"
PARALLEL_PROBE_US = "parallel_probe_us"  # torch's thread pool, with more than one thread
PARALLEL_PROBE = "parallel_probe"
# The thread hand-off probe that gates rounds (``speed.HandOffProbe``), with more than one thread: the
# median of its readings before the rounds measured, and the level they were judged against.
HANDOFF_PROBE_US = "handoff_probe_us"
HANDOFF_LEVEL_US = "handoff_level_us"

# What benchit changed in captured inputs so that a train step could run on them: the codes
# (``Adaptation`` values, a list) for code to read, and one sentence per change for people.
TRAIN_ADAPTATIONS = "train_adaptations"
TRAIN_INPUTS = "train_inputs"

# --mode generate (``measure.generate``): per token, per call, the cache, and the medians' own
# statistics (``records.Stats`` as dicts) so that a reader can judge them as it judges latency.
TTFT_MS = "ttft_ms"  # time to first token: the generate() call to the first new token, set-up included
TTFT_CI_LOW_MS = "ttft_ci_low_ms"
TTFT_CI_HIGH_MS = "ttft_ci_high_ms"
TPOT_MS = "tpot_ms"  # time per output token: the median decode step
TPOT_CI_LOW_MS = "tpot_ci_low_ms"
TPOT_CI_HIGH_MS = "tpot_ci_high_ms"
E2E_MS = "e2e_ms"  # the whole generate() call (the result's latency median)
PREFILL_TOKENS_PER_S = "prefill_tokens_per_s"  # batch x prompt tokens / TTFT
DECODE_TOKENS_PER_S = "decode_tokens_per_s"  # batch / TPOT
PROMPT_TOKENS = "prompt_tokens"
NEW_TOKENS = "new_tokens"
KV_CACHE_BYTES = "kv_cache_bytes"  # the cache's tensors after one generation, measured
KV_CACHE_BYTES_EXPECTED = "kv_cache_bytes_expected"  # 2 x layers x KV heads x head dim x batch x positions x bytes
FIRST_GENERATE_S = "first_generate_s"  # the first (cold) generate() call, compilation included
RECOMPILES = "recompiles"  # graphs torch.compile made while the rounds were timed
# Graphs torch.compile made for a compiling runtime's generation, up to its first timed call: 0 means
# transformers ran that model's generate() eagerly (it compiles only with a cache it can compile).
GENERATE_GRAPHS = "generate_graphs"
TTFT_STATS = "ttft_stats"
TPOT_STATS = "tpot_stats"
GENERATE_CALLS_TIMED = "generate_calls_timed"  # the calls TTFT and TPOT are the medians of
TOKENS_MATCHED = "tokens_matched"  # in ``parity``: greedy tokens in common with eager torch's
# ``scan.capture.Captured.extra`` of a generate() call: its arguments besides the prompt's tensors,
# and the forward inputs benchit added to them (an encoder-decoder's decoder start token).
CAPTURED_GENERATE = "generate"
CAPTURED_GENERATE_ADDED = "generate_added"


class Adaptation(str, Enum):
    """One change benchit made to a model's captured inputs for training (``measure.placement``)."""

    REPEATED_BATCH = "repeated_batch"  # a batch of one repeated to two, for batch norm
    MADE_TARGETS = "made_targets"  # targets made for a detection model, which computes its own losses


# Where a failed parity starts (``measure.localize``): the deepest submodule that fails alone through the
# runtime from eager's own inputs ("(model)": the model's own code), its class, its error alone and the
# model's end-to-end error (each the largest output's error over its scale), the failing chain
# ("name (error) > ..."), and how the search ended ("found", "none", "budget ran out", "not supported",
# each with its reason), the submodules it ran alone and its seconds.
DIVERGED_AT = "diverged_at"
DIVERGED_CLASS = "diverged_class"
DIVERGED_ERROR = "diverged_error"
DIVERGED_END_TO_END_ERROR = "diverged_end_to_end_error"
DIVERGED_PATH = "diverged_path"
LOCALIZE_STATUS = "localize_status"
LOCALIZE_CHECKED = "localize_checked"
LOCALIZE_S = "localize_s"
LOCALIZE_COLUMNS = (DIVERGED_AT, DIVERGED_CLASS, DIVERGED_ERROR, DIVERGED_END_TO_END_ERROR, DIVERGED_PATH,
                    LOCALIZE_STATUS, LOCALIZE_CHECKED, LOCALIZE_S)  # fmt: skip


# -- report row columns read by more than one module (report/, judge/, history/)
ROUNDS_MS = "rounds_ms"  # the median of each round, a list
ROUND_PASSES = "round_passes"  # the pass of each round, a list (empty: one pass)
SAMPLES_MS = "samples_ms"  # the kept samples, a list
# --mode generate: the median TTFT and TPOT of each round, lists beside ROUNDS_MS (``measure.tokenstats``)
TTFT_ROUNDS_MS = "ttft_rounds_ms"
TPOT_ROUNDS_MS = "tpot_rounds_ms"
LATENCY_MEDIAN_MS = "latency_median_ms"
ITERATIONS = "iterations"
CONTENDED = "contended"
MACHINE = "machine"
# Why a result failed (``benchit.failures``): the report's columns, ``benchit triage``'s clusters.
FAILURE_STAGE = "failure_stage"
FAILURE_OP = "failure_op"
FAILURE_FRAME = "failure_frame"
FAILURE_SIGNATURE = "failure_signature"
FAILURE_COLUMNS = (FAILURE_STAGE, FAILURE_OP, FAILURE_FRAME, FAILURE_SIGNATURE)

# Lanes (``measure.lanes``): the instance of the device a result was measured on, and its lane's
# host side (the cores it ran on, its thread count), or why its lanes were measured one at a time.
DEVICE_INDEX = "device_index"
LANE_CORES = "lane_cores"
LANE_THREADS = "lane_threads"
LANES_SERIALISED = "lanes_serialised"

# Energy (``measure.energy``): per step and mean power while timed (median over rounds), each
# round's value and their spread, the steps run on past short blocks, or why there is none.
ENERGY_J = "energy_j"
ENERGY_J_ROUNDS = "energy_j_rounds"
ENERGY_J_CV = "energy_j_cv"
POWER_W = "power_w"
POWER_W_ROUNDS = "power_w_rounds"
POWER_W_CV = "power_w_cv"
ENERGY_ROUND_PASSES = "energy_round_passes"  # the pass of each round, once passes joined (``execute.passes``)
ENERGY_EXTENDED_STEPS = "energy_extended_steps"
ENERGY_REASON = "energy_reason"
# The lane and energy facts that are report columns of their own, in the report's order.
LANE_COLUMNS = (DEVICE_INDEX, LANE_THREADS, LANES_SERIALISED)
ENERGY_COLUMNS = (ENERGY_J, ENERGY_J_CV, POWER_W, POWER_W_CV, ENERGY_REASON)
