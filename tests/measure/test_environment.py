"""The machine and software facts recorded with every result."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import torch

import benchit
from benchit.measure import environment
from benchit.measure.environment import (
    available_cpus,
    host,
    machine_identity,
    physical_cores,
    run_queue_wait_ns,
    torch_settings,
)


def test_host_records_cpu_python_and_library_versions() -> None:
    assert host().machine == machine_identity()
    facts = host().to_dict()
    assert (facts["hostname"], facts["cpu_model"]) == (machine_identity().hostname, machine_identity().cpu_model)
    assert facts["cpu_model"]
    assert 1 <= facts["cpu_physical_cores"] <= facts["cpu_logical_cores"] <= (os.cpu_count() or 1)
    assert facts["python"] == sys.version.split()[0]
    assert facts["benchit"] == benchit.__version__
    assert facts["versions"]["torch"] == torch.__version__.split("+")[0]
    assert set(facts["versions"]) <= set(environment.LIBRARIES)
    assert all(isinstance(v, str) and v for v in facts["versions"].values())


def test_physical_cores_counts_each_core_once() -> None:
    assert 1 <= physical_cores() <= len(available_cpus())
    assert available_cpus() == sorted(os.sched_getaffinity(0))


def test_physical_cores_follow_the_affinity_mask() -> None:
    # A process pinned to one CPU has one core available, whatever the machine has.
    code = "import os; os.sched_setaffinity(0, {min(os.sched_getaffinity(0))}); "
    code += "from benchit.measure.environment import physical_cores; print(physical_cores())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"


def test_torch_settings_are_the_ones_in_effect() -> None:
    before = torch.get_num_threads()
    try:
        torch.set_num_threads(1)
        settings = torch_settings()
        assert settings["threads"] == 1
        assert settings["interop_threads"] == torch.get_num_interop_threads()
        assert settings["cpu_capability"] == torch.backends.cpu.get_cpu_capability()
        assert settings["parallel_backend"]
        assert isinstance(settings["thread_variables"], dict)
    finally:
        torch.set_num_threads(before)


def test_thread_variables_are_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    assert torch_settings()["thread_variables"]["OMP_NUM_THREADS"] == "3"


def test_run_queue_wait_is_a_growing_count() -> None:
    first = run_queue_wait_ns()
    assert isinstance(first, int) and first >= 0
    sum(range(100_000))
    second = run_queue_wait_ns()
    assert isinstance(second, int) and second >= first


def test_the_cli_does_not_import_torch() -> None:
    # The parent process stays light: only workers pay for torch.
    code = (
        "import sys\nfrom benchit import plugins\nfrom benchit.cli import build_parser\n"
        "build_parser(plugins.load([]))\nimport benchit.execute.scheduler, benchit.measure.environment\n"
        "print('torch' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
