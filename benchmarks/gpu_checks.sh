#!/bin/bash
# The GPU checks, in one call on a lent CUDA machine whose image has torch but not all of benchit's
# dependencies (they travel as wheels in .whl/). Writes its logs and figures under $OUT.
#
#   bash benchmarks/gpu_checks.sh [timer] [tests] [corpus] [ort] [orttest] [tf32] [coverage] [lanes] [energy]
#                                 [generate] [llmcompile]
#
# .whl/ holds benchit's dependencies as wheels for the image's Python (pure ones for any), and in
# .whl/tv/ torchvision wheels, of which the one for the image's torch (0.(minor + 15)) is installed
# where the image has none. Each wheel is installed on its own, so one that does not fit is skipped.
#
# A path carried to the machine in one call is gone in the next: a large wheel carried in parts
# (.ort/0 ... .ort/3, an onnxruntime-gpu site folder as tar.xz) is copied to /tmp/p in the call that
# carries each part, then unpacked (cat /tmp/p/part* | tar xJ -C /tmp/ortgpu; EXTRA_SITE=/tmp/ortgpu).
#
# timer:  benchit's CUDA-event timing against a hand-written CUDA-event loop (goal: within 3%)
# tests:  tests/backends/test_gpu.py (eager and compiled eval and train, AMP, ort) through the real command
# corpus: two corpus models (ResNet-50, BERT) on cuda with torch and torch-compile, eval and train
# ort:    ort's CUDA (and TensorRT) providers on the same models, where an onnxruntime-gpu is importable
#         (EXTRA_SITE=FOLDER puts one ahead of the image's onnxruntime); orttest: the ort test alone
# tf32:   BERT on ort's CUDA provider at opset 18 and 23, eval: does its float32 agree with eager torch's?
# coverage: benchmarks/train_coverage.py with torch-compile on cuda, -j 6, for COVERAGE_S seconds (default
#         240), into /tmp/gpu-coverage (a later call resumes it while the machine is warm), then the
#         figures of what the cache holds: $OUT/train_coverage.json and report.csv
# lanes:  (issue 41) lanes on one cuda instance change nothing: two scripts with -j 1, then with
#         -j 2 (one lane: the measurement alone, as before), compared (goal: every verdict "same");
#         at batch 64, GPU-bound (at batch 1 the host's speed decided: 2026-11-28, docs/performance.md)
# energy: (issue 41) energy_j and power_w of ResNet-50 at batch 64 (torch, eval) against NVML read by
#         hand around a hand-written loop (goal: within 5%), and nvidia-smi's power.draw sampled
#         meanwhile; needs nvidia-ml-py (a wheel in .whl/)
set -u
OUT=${OUT:-/tmp/gpu-out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
steps=${*:-timer tests corpus}
if [ -d .whl ] && ! python3 -c "import sqlalchemy, alembic, ruptures, orjson, timm, pynvml" 2>/dev/null; then
    for wheel in .whl/*.whl; do
        python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site \
            "$wheel" >>"$OUT/wheels.log" 2>&1 || echo "not installed: $wheel" | tee -a "$OUT/wheels.log"
    done
fi
if [ -d .whl/tv ] && ! python3 -c "import torchvision" 2>/dev/null; then
    tv=$(python3 -c "import torch; print('0.%d.' % (int(torch.__version__.split('.')[1]) + 15))")
    for wheel in .whl/tv/torchvision-"$tv"*.whl; do
        python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/tv "$wheel" \
            >>"$OUT/wheels.log" 2>&1 && echo "torchvision: $wheel" | tee -a "$OUT/wheels.log"
    done
fi
export PYTHONPATH=${EXTRA_SITE:+$EXTRA_SITE:}/tmp/site:/tmp/tv${PYTHONPATH:+:$PYTHONPATH}
python3 -m pip install -q --no-deps --no-build-isolation --no-index -e . >"$OUT/install.log" 2>&1 || {
    cat "$OUT/install.log"
    exit 1
}
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv
    python3 -c "import torch, onnxruntime as o; print('torch', torch.__version__, 'cuda', torch.version.cuda, 'ort', o.__version__, o.get_available_providers())"
    nproc
} 2>&1 | tee "$OUT/env.txt"

for step in $steps; do
    start=$(date +%s)
    case $step in
    timer)
        timeout 150 python3 benchmarks/cuda_timer_agreement.py --json "$OUT/cuda_timer_agreement.json" 2>&1 |
            tee "$OUT/timer.log" | grep -v Warning
        ;;
    tests)
        timeout 220 python3 -m pytest -q -p no:cacheprovider -rs tests/backends/test_gpu.py 2>&1 | tee "$OUT/tests.log" | tail -25
        ;;
    orttest)
        timeout 200 python3 -m pytest -q -p no:cacheprovider -rs tests/backends/test_gpu.py -k ort 2>&1 | tee "$OUT/orttest.log" | tail -25
        ;;
    tf32)
        for opset in 18 23; do
            timeout 100 python3 -m benchit benchmark models/transformers/bert.py --device cuda --runtime torch,ort \
                --opset $opset --cache-dir /tmp/cache-tf32-$opset --rounds 1 --max-time 1 --quiet-wait 0 \
                --progress plain 2>&1 | tee "$OUT/tf32_opset$opset.log" | grep "cuda/ort"
        done
        ;;
    coverage)
        cov=(python3 benchmarks/train_coverage.py --runtime torch-compile --device cuda --jobs 6 --timeout 300
            --cache /tmp/gpu-coverage/cache)
        timeout -s INT -k 30 "${COVERAGE_S:-240}" "${cov[@]}" >"$OUT/coverage.log" 2>&1
        "${cov[@]}" --report-only --json "$OUT/train_coverage.json" 2>&1 | tee -a "$OUT/coverage.log" | tail -30
        cp /tmp/gpu-coverage/report.csv "$OUT/coverage_report.csv"
        ;;
    lanes)
        for jobs in 1 2; do
            timeout 200 python3 -m benchit benchmark models/torchvision/resnet18.py models/torchvision/resnet50.py \
                --script-args "--batch_size 64" \
                --device cuda --runtime torch --cache-dir /tmp/cache-lanes-j$jobs -j $jobs --rounds 5 \
                --min-time 1 --max-time 3 --quiet-wait 10 --progress plain >"$OUT/lanes_j$jobs.log" 2>&1
        done
        python3 -m benchit compare /tmp/cache-lanes-j1 /tmp/cache-lanes-j2 2>&1 | tee "$OUT/lanes_compare.txt" | tail -8
        python3 -m benchit report --cache-dir /tmp/cache-lanes-j2 -o "$OUT/lanes_j2.csv" >/dev/null 2>&1
        ;;
    energy)
        nvidia-smi --query-gpu=power.draw --format=csv,noheader,nounits -lms 100 >"$OUT/smi_power.txt" &
        smi=$!
        timeout 200 python3 -m benchit benchmark models/torchvision/resnet50.py --script-args "--batch_size 64" \
            --device cuda --runtime torch --cache-dir /tmp/cache-energy --rounds 5 --min-time 2 --max-time 5 \
            --quiet-wait 10 --progress plain 2>&1 | tee "$OUT/energy_benchit.log" | tail -5
        python3 -m benchit report --cache-dir /tmp/cache-energy -o "$OUT/energy.csv" >/dev/null 2>&1
        timeout 120 python3 - <<'PY' 2>&1 | tee "$OUT/energy_by_hand.txt"
import csv, os, time
import pynvml, torch, torchvision
pynvml.nvmlInit()
handle = pynvml.nvmlDeviceGetHandleByIndex(0)
model = torchvision.models.resnet50().eval().cuda()
x = torch.randn(64, 3, 224, 224, device="cuda")
with torch.inference_mode():
    for _ in range(20):
        model(x)
    torch.cuda.synchronize()
    steps, start_j, start = 200, pynvml.nvmlDeviceGetTotalEnergyConsumption(handle), time.perf_counter()
    for _ in range(steps):
        model(x)
    torch.cuda.synchronize()
    joules = (pynvml.nvmlDeviceGetTotalEnergyConsumption(handle) - start_j) / 1000
    seconds = time.perf_counter() - start
row = next(r for r in csv.DictReader(open(os.environ["OUT"] + "/energy.csv")) if r["status"] == "ok")
hand_j, hand_w = joules / steps, joules / seconds
print(f"by hand: {hand_j:.4f} J/step, {hand_w:.1f} W, {1000 * seconds / steps:.2f} ms/step")
print(f"benchit: {float(row['energy_j']):.4f} J/step (cv {row['energy_j_cv']}), {float(row['power_w']):.1f} W, "
      f"{float(row['latency_median_ms']):.2f} ms; {row['energy_reason'] or ''}")
print(f"ratio benchit/hand: energy {float(row['energy_j']) / hand_j:.3f}, power {float(row['power_w']) / hand_w:.3f} (goal: within 5%)")
PY
        kill $smi 2>/dev/null
        python3 -c "import sys; v=[float(l) for l in open('$OUT/smi_power.txt') if l.strip()[:1].isdigit()]; \
print(f'nvidia-smi power.draw: max {max(v):.1f} W, median of the top half {sorted(v)[len(v)*3//4]:.1f} W over {len(v)} samples')" \
            2>&1 | tee -a "$OUT/energy_by_hand.txt"
        ;;
    generate)
        # (issue 39) benchit's TTFT and TPOT against generate() timed by hand, on cuda
        timeout 200 python3 benchmarks/generate_agreement.py --device cuda --rounds 3 \
            --json "$OUT/generate_agreement_cuda.json" 2>&1 | tee "$OUT/generate.log" | grep -v Warning | tail -6
        ;;
    llmcompile)
        # (issue 39) the torch-compile share of the llm corpus on cuda: the CPU sample's 19 scripts
        # (every 10th from the 6th), for LLM_S seconds (default 240); what finished is reported
        mapfile -t llm < <(LC_ALL=C ls models/llm/*.py | sed -n '6~10p')
        timeout -s INT -k 20 "${LLM_S:-240}" python3 -m benchit benchmark "${llm[@]}" --device cuda \
            --mode generate --runtime torch,torch-compile --cache-dir /tmp/cache-llm --passes 1 -j 4 \
            --timeout 150 --min-time 0 --max-time 0.3 --warmup-time 0.2 --quiet-wait 0 \
            --script-args="--max_seq_length 32" --progress plain >"$OUT/llmcompile.log" 2>&1
        python3 -m benchit report --cache-dir /tmp/cache-llm -o "$OUT/llmcompile.csv" >/dev/null 2>&1
        python3 -m benchit triage /tmp/cache-llm >"$OUT/llmcompile_triage.txt" 2>&1
        tail -4 "$OUT/llmcompile.log"
        ;;
    corpus | ort)
        runtimes=torch,torch-compile
        [ "$step" = ort ] && runtimes=torch,ort
        cache=/tmp/cache-$step
        timeout 240 python3 -m benchit benchmark models/torchvision/resnet50.py models/transformers/bert.py \
            --device cuda --runtime $runtimes --mode eval,train --cache-dir $cache --rounds 3 \
            --min-time 0.5 --max-time 3 --warmup-time 1 --quiet-wait 10 --progress plain 2>&1 |
            tee "$OUT/$step.log" | tail -30
        python3 -m benchit report --cache-dir $cache -o "$OUT/$step.csv" 2>&1 | tail -30
        ;;
    esac
    echo "== $step: $(($(date +%s) - start)) s"
done
