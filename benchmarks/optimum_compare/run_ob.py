import os as _os
from pathlib import Path as _Path
DIR = _Path(_os.environ.get("OB_DIR", "/tmp/optimum-compare"))  # the model, reports and logs
DIR.mkdir(parents=True, exist_ok=True)
import os, sys, json
os.environ.setdefault("HF_HUB_OFFLINE", "1"); os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1"); os.environ.setdefault("MKL_NUM_THREADS", "1")
import transformers
# Shim: optimum-benchmark 0.6.0 imports transformers.SpecialTokensMixin (removed in transformers 5.x; its API
# was folded into PreTrainedTokenizerBase). It is only used in a type alias, so alias it. Top-level so the
# spawned child process would need it too (we use the inline launcher).
if not hasattr(transformers, "SpecialTokensMixin"):
    transformers.SpecialTokensMixin = transformers.PreTrainedTokenizerBase
# import the one module that needs it right away (transformers' lazy module can drop the alias later)
import optimum_benchmark.backends.transformers_utils  # noqa: E402
from optimum_benchmark import Benchmark, BenchmarkConfig, InferenceConfig, PyTorchConfig, InlineConfig

tag = sys.argv[1] if len(sys.argv) > 1 else "run1"
if __name__ == "__main__":
    backend = PyTorchConfig(
        model=str(DIR / "gpt2_2x64"), task="text-generation", library="transformers", model_type="gpt2",
        device="cpu", no_weights=False,
        # NB: in 0.6.0 inter_op_num_threads calls torch.set_num_threads (intra-op) and vice versa; set both to 1
        inter_op_num_threads=1, intra_op_num_threads=1,
    )
    scenario = InferenceConfig(
        latency=True, memory=False, energy=False,
        input_shapes={"batch_size": 1, "sequence_length": 32},
        generate_kwargs={"max_new_tokens": 16, "min_new_tokens": 16, "do_sample": False, "num_beams": 1},
        warmup_runs=10, iterations=10, duration=10,
    )
    # Inline launcher: the process launcher busy-waits in the parent (a 2nd core spinning) and its spawned child lacks the shim
    launcher = InlineConfig()
    cfg = BenchmarkConfig(name=f"gpt2_2x64_{tag}", backend=backend, scenario=scenario, launcher=launcher)
    report = Benchmark.launch(cfg)
    # the inline launcher leaves the per-token LogitsProcessor object in the config's generate_kwargs: drop it to serialise
    cfg.scenario.generate_kwargs.pop("logits_processor", None)
    bench = Benchmark(config=cfg, report=report)
    bench.save_json(DIR / f"ob_benchmark_{tag}.json")
    report.save_json(DIR / f"ob_report_{tag}.json")
    r = report.to_dict()
    ms = lambda l: {k: round(l[k]*1e3, 4) for k in ("mean", "p50", "p90", "stdev")} | {"count": l["count"]}
    out = {t: {"latency_ms": ms(r[t]["latency"]), "throughput": r[t].get("throughput")} for t in ("prefill", "decode", "per_token", "generate")}
    print(json.dumps(out, indent=1))
