"""Devices: availability checks, event timing and memory facts, with accelerators faked at their backend."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import torch

from benchit.backends import devices
from benchit.backends.devices import CPU, CUDA, XPU, ROCm
from benchit.backends.runtimes.torch import TorchEager
from benchit.config import Config, TimingSettings
from benchit.errors import Unavailable
from benchit.host import EventTimer
from benchit.measure.bench import benchmark
from benchit.measure.placement import Placement
from benchit.records import Invocation
from benchit.scan.capture import Captured


class FakeBackend:
    """Stands in for ``torch.cuda`` / ``torch.xpu``: events that read the host clock, and a log
    of every record and synchronize so a test can see where synchronisation happens."""

    def __init__(self, name: str = "Fake GPU 9000") -> None:
        self.name = name
        self.log: list[str] = []
        self.peak_reset = 0
        backend = self

        class Event:
            def __init__(self, enable_timing: bool = False) -> None:
                assert enable_timing
                self.at: float | None = None

            def record(self) -> None:
                backend.log.append("record")
                self.at = time.perf_counter()

            def elapsed_time(self, end: Any) -> float:
                # A real event can only be read once the work it follows has finished.
                assert backend.log and backend.log[-1] == "synchronize", "read before synchronize"
                return (end.at - self.at) * 1000.0

        self.Event = Event

    def synchronize(self) -> None:
        self.log.append("synchronize")

    def reset_peak_memory_stats(self) -> None:
        self.peak_reset += 1

    def max_memory_allocated(self) -> int:
        return 3 << 20

    def max_memory_reserved(self) -> int:
        return 8 << 20

    def current_device(self) -> int:
        return 0

    def device_count(self) -> int:
        return 2

    def get_device_name(self, device: int | None = None) -> str:
        return self.name

    def get_device_properties(self, device: int) -> Any:
        return SimpleNamespace(
            total_memory=80 << 30,
            major=9,
            minor=0,
            gcnArchName="gfx942:sramecc+:xnack-",
            driver_version="1.6.31294",
            version="12.60.7",
        )


def test_event_timer_synchronises_once_after_the_loop() -> None:
    backend = FakeBackend()
    steps: list[int] = []

    def step() -> None:
        steps.append(len(backend.log))
        time.sleep(0.001)

    latencies = EventTimer(backend).run(step, 5)
    # One event before the loop and one after each step: the samples tile the loop, gaps included.
    assert backend.log == ["record"] * 6 + ["synchronize"]
    assert steps == [1, 2, 3, 4, 5]
    assert len(latencies) == 5
    assert all(0.0009 < latency < 0.5 for latency in latencies)  # seconds, from ms events


def test_event_timer_records_on_the_stream_it_looked_up_once() -> None:
    backend = FakeBackend()
    streams: list[object] = []
    recorded: list[object] = []
    backend.current_stream = lambda: streams.append("looked up") or "stream 7"  # type: ignore[attr-defined]
    plain = backend.Event

    class Event(plain):  # type: ignore[misc, valid-type]
        def record(self, stream: object = None) -> None:
            recorded.append(stream)
            super().record()

    backend.Event = Event
    EventTimer(backend).run(lambda: None, 4)
    assert streams == ["looked up"] and recorded == ["stream 7"] * 5


def test_event_timer_measures_every_block_with_one_synchronise() -> None:
    from benchit.measure.timing import measure

    backend = FakeBackend()
    settings = TimingSettings(min_iterations=8, min_time_s=0.0, max_time_s=0.1, warmup_max_s=0.05)
    stats = measure(lambda: None, EventTimer(backend), settings)
    blocks = backend.log.count("synchronize")
    assert blocks >= 2  # warm-up and measurement each ran at least one block
    # Between two synchronisations only records: never one per iteration.
    assert backend.log.count("record") == stats.iterations + stats.warmup_iterations + blocks
    assert blocks < stats.iterations


def test_cpu_is_available_and_named() -> None:
    cpu = CPU()
    cpu.check()
    assert cpu.describe()["device_name"]
    assert cpu.peak_memory() == {}


# -- availability checks, with torch's build and visibility faked -----------------------------


@pytest.fixture
def gpu_build(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Set what this torch claims: ``set(cuda=..., hip=..., visible=...)``."""

    def apply(cuda: str | None = None, hip: str | None = None, visible: bool = True) -> None:
        monkeypatch.setattr(torch.version, "cuda", cuda)
        monkeypatch.setattr(torch.version, "hip", hip)
        monkeypatch.setattr(torch.cuda, "is_available", lambda: visible)

    return apply


def test_cuda_check(gpu_build: Any) -> None:
    gpu_build(cuda=None, hip="6.2")
    with pytest.raises(Unavailable, match="ROCm build; use --device rocm"):
        CUDA().check()
    gpu_build(cuda=None)
    with pytest.raises(Unavailable, match="built without CUDA"):
        CUDA().check()
    gpu_build(cuda="12.4", visible=False)
    with pytest.raises(Unavailable, match="no CUDA GPU is visible"):
        CUDA().check()
    gpu_build(cuda="12.4")
    CUDA().check()


def test_rocm_check(gpu_build: Any) -> None:
    gpu_build(cuda="12.4")
    with pytest.raises(Unavailable, match="not a ROCm build"):
        ROCm().check()
    gpu_build(hip="6.2", visible=False)
    with pytest.raises(Unavailable, match="no ROCm GPU is visible"):
        ROCm().check()
    gpu_build(hip="6.2")
    ROCm().check()


def test_xpu_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(torch, "xpu", raising=False)
    with pytest.raises(Unavailable, match="no torch.xpu"):
        XPU().check()
    monkeypatch.setattr(torch, "xpu", SimpleNamespace(is_available=lambda: False), raising=False)
    with pytest.raises(Unavailable, match="no Intel XPU is visible"):
        XPU().check()
    monkeypatch.setattr(torch, "xpu", SimpleNamespace(is_available=lambda: True), raising=False)
    XPU().check()


# -- facts recorded with every result ---------------------------------------------------------


@pytest.mark.parametrize(
    ("cls", "expected"),
    [
        (CUDA, {"compute_capability": "9.0", "cuda_runtime": "12.4"}),
        (ROCm, {"gcn_arch": "gfx942:sramecc+:xnack-", "hip_runtime": "6.2"}),
        (XPU, {"driver": "1.6.31294", "xpu_runtime": "12.60.7"}),
    ],
)
def test_accelerators_describe_the_gpu_and_its_software(
    cls: type, expected: dict[str, str], gpu_build: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    gpu_build(cuda="12.4" if cls is CUDA else None, hip="6.2" if cls is ROCm else None)
    backend = FakeBackend()
    monkeypatch.setattr(cls, "backend", lambda self: backend)
    facts = cls().describe()
    assert facts["device_name"] == "Fake GPU 9000"
    assert facts["device_memory_bytes"] == 80 << 30
    assert facts["device_count"] == 2
    assert expected.items() <= facts.items()
    assert all(f"{key} {value}" in facts["device_software"] for key, value in expected.items())
    device = cls()
    device.reset_peak_memory()
    assert backend.peak_reset == 1
    assert device.peak_memory() == {"peak_memory_allocated_bytes": 3 << 20, "peak_memory_reserved_bytes": 8 << 20}


def test_nvidia_driver_version_is_read_from_the_kernel_module(monkeypatch: pytest.MonkeyPatch) -> None:
    line = "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024"
    monkeypatch.setattr(devices, "_read_first_line", lambda path: line)
    assert devices._nvidia_driver() == "550.54.15"
    monkeypatch.setattr(devices, "_read_first_line", lambda path: None)
    assert devices._nvidia_driver() is None


# -- a whole benchmark on faked GPUs: the real core, only the device backend is fake -----------


def captured() -> Captured:
    model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU()).eval()
    invocation = Invocation(
        hash="0123abcd",
        model_class="Sequential",
        params=72,
        signature={},
        input_shapes="input: float32[4,8]",
        batch_size=4,
        call_site="test",
    )
    return Captured(model, (torch.randn(4, 8),), {}, invocation)


@pytest.mark.parametrize("cls", [CUDA, ROCm, XPU])
def test_benchmark_on_a_faked_gpu_uses_its_events_and_memory(
    cls: type, tmp_path: Path, gpu_build: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    gpu_build(cuda="12.4" if cls is CUDA else None, hip="6.2" if cls is ROCm else None)
    monkeypatch.setattr(torch, "xpu", SimpleNamespace(is_available=lambda: True), raising=False)
    backend = FakeBackend(f"Fake {cls.name}")
    monkeypatch.setattr(cls, "backend", lambda self: backend)
    device = cls()
    device.torch_device = "cpu"  # the tensors stay on the host; everything else is the GPU path
    config = Config(
        cache_dir=tmp_path,
        threads=1,
        timing=TimingSettings(min_iterations=8, min_time_s=0.0, max_time_s=0.1, warmup_max_s=0.05),
    )
    result = benchmark(Placement(captured(), device), TorchEager(), config, tmp_path)
    assert result.status == "ok", result.error
    assert result.device == cls.name
    assert result.environment["device_name"] == f"Fake {cls.name}"
    assert result.info["peak_memory_allocated_bytes"] == 3 << 20
    assert result.info["peak_memory_reserved_bytes"] == 8 << 20
    assert backend.peak_reset >= 1
    assert backend.log.count("synchronize") >= 3  # after the first step, then once per timed block
    assert result.stats is not None and result.stats.median_ms > 0


def test_benchmark_on_an_absent_gpu_is_unavailable_with_the_reason(tmp_path: Path, gpu_build: Any) -> None:
    gpu_build(cuda="12.4", visible=False)
    result = benchmark(Placement(captured(), CUDA()), TorchEager(), Config(cache_dir=tmp_path), tmp_path)
    assert result.status == "unavailable"
    assert "no CUDA GPU is visible" in (result.error or "")
    assert result.stats is None


def test_a_model_moved_to_an_accelerator_under_eager_torchs_grad_mode_keeps_ordinary_tensors() -> None:
    # Eager torch, the first runtime, asks for the placed model under inference_mode. Moved to a
    # GPU there, its parameters were inference tensors, and the ONNX export of the next runtime
    # failed on cuda ("Setting requires_grad=True on inference tensor outside InferenceMode").
    # The meta device copies as a GPU would, on a machine without one.
    device = CPU()
    device.torch_device = "meta"
    placement = Placement(captured(), device)
    with torch.inference_mode():
        model, args, _ = placement.inputs()
    assert [p.device.type for p in model.parameters()] == ["meta"] * len(list(model.parameters()))
    assert not any(t.is_inference() for t in [*model.parameters(), *model.buffers(), *args])
