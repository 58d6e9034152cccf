"""What runs on each Ray node: a long-lived actor holding the ``local`` executor of its node.

The actor runs jobs exactly as ``--executor local`` does on that machine (warm fork server,
``--timeout``, ``--memory-limit``, the host lock, out-of-memory detection) and relays the local
executor's typed events to the driver as JSON (``Event.to_dict``). Jobs arrive inlined
(``JobSpec.inlined``: the script's sources and reusable artifacts as bytes, artifacts sent back as
bytes), so no shared filesystem is assumed; nothing is written to the driver's cache here.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import time
from typing import Any

from benchit.config import Config
from benchit.execute.local import LocalExecutor
from benchit.execute.process import default_memory_limit
from benchit.measure.environment import machine_identity, physical_cores
from benchit.messages import Event, JobSpec, JobStarted
from benchit.records import Machine, ScriptStatus

# Names this node as a machine of its own when it shares /etc/machine-id with others (several
# nodes on one host, containers made from one image): ``ray start`` inherits it from its shell.
MACHINE_ENV = "BENCHIT_MACHINE_ID"


def node_machine() -> Machine:
    """This node's ``Machine``: ``machine_identity()``, unless ``$BENCHIT_MACHINE_ID`` names it."""
    machine = machine_identity()
    name = os.environ.get(MACHINE_ENV)
    if not name:
        return machine
    return dataclasses.replace(
        machine, id=hashlib.sha256(name.encode()).hexdigest()[:12], hostname=f"{machine.hostname}/{name}"
    )


def node_defaults(spec: JobSpec) -> JobSpec:
    """``spec`` with the settings the user left to their defaults taken from this node, as a local
    run on it would: ``--threads`` its physical cores, the memory limit its free memory / jobs."""
    config = spec.config
    if not (config.threads_default or config.memory_limit_default):
        return spec
    threads = physical_cores() if config.threads_default else config.threads
    memory = default_memory_limit(config.jobs) if config.memory_limit_default else config.memory_limit_bytes
    return dataclasses.replace(spec, config=dataclasses.replace(config, threads=threads, memory_limit_bytes=memory))


class NodeWorker:
    """The per-node actor (wrapped by ``ray.remote`` in the driver): ``submit`` jobs, poll ``events``."""

    def __init__(self, config: dict[str, Any], preload: list[str]):
        self.machine = node_machine()
        self.local = LocalExecutor()
        self.local.open(Config.from_dict(config), preload)

    def info(self) -> dict[str, Any]:
        return {"pid": os.getpid(), "machine": self.machine.to_dict()}

    def submit(self, spec: dict[str, Any]) -> None:
        self.local.submit(node_defaults(JobSpec.from_dict(spec)))

    def events(self, wait_s: float) -> list[dict[str, Any]]:
        """The local executor's events (waiting at most ``wait_s``), each ``JobStarted`` naming this node."""
        if not self.local.jobs:
            time.sleep(wait_s)  # nothing runs here: the local executor would answer at once
        out = []
        for event in self.local.events(wait_s):
            if isinstance(event.message, JobStarted):
                event = Event(event.job_id, JobStarted(self.machine, event.message.pid))
            out.append(event.to_dict())
        return out

    def cancel(self, job_id: int, status: str, reason: str) -> None:
        self.local.cancel(job_id, ScriptStatus(status), reason)

    def close(self) -> None:
        self.local.close()
