"""The driver side of ``--executor ray``: one actor per Ray node holds that node's ``local``
executor; jobs go to the least busy node that has every ``--device``, their events come back
typed; a node that dies has its jobs retried once elsewhere, then ``killed`` naming it."""

from __future__ import annotations

import collections
import sys
from typing import Any

from benchit.config import Config
from benchit.contracts import Executor
from benchit.execute.ray.connect import check_reachable, connect, import_ray, resolve_address
from benchit.execute.ray.placement import Node, actor_resources, has_device, missing_reason
from benchit.messages import Event, JobExited, JobKilled, JobSpec, JobStarted
from benchit.records import ScriptStatus

POLL_S = 0.25  # how long one events call waits on a node
STOP_S = 10.0  # how long closing the node actors may take before they are killed


class RayExecutor(Executor):
    name = "ray"
    description = "the nodes of a Ray cluster (--ray-address): each node runs scripts as the local executor does"

    @classmethod
    def check(cls, config: Config) -> None:
        import_ray()
        check_reachable(resolve_address(config.options.get("ray_address")))

    def open(self, config: Config, preload: list[str]) -> None:
        self.config, self.preload = config, preload
        self.ray: Any = connect(config.options.get("ray_address"))
        self.nodes = [Node.from_ray(n) for n in self.ray.nodes() if n.get("Alive")]
        self.missing = missing_reason(self.nodes, config.devices)
        self.usable = [n for n in self.nodes if all(has_device(n, d) for d in config.devices)]
        self.actors: dict[str, Any] = {}
        self.polls: dict[Any, str] = {}  # pending events call -> node id
        self.where: dict[int, str] = {}  # job id -> node id
        self.specs: dict[int, JobSpec] = {}  # running jobs, kept to retry them
        self.tried: dict[int, list[Node]] = collections.defaultdict(list)  # job id -> nodes that died under it
        self.pending: list[Event] = []  # events made here (unavailable, node death, cancel)
        self.machines: dict[str, str] = {}  # node id -> the machine id its jobs reported
        if not self.missing:
            self._start_actors(config)

    @property
    def capacity(self) -> int:
        return max(1, self.config.jobs * max(1, len(self.usable))) if self.config else 1

    def submit(self, spec: JobSpec) -> None:
        if self.missing or not self.usable:
            reason = self.missing or "no node of the Ray cluster that has the devices is alive"
            self._end(spec.job_id, ScriptStatus.UNAVAILABLE, reason)
            return
        self.specs[spec.job_id] = spec
        self._send(spec)

    def events(self, timeout: float) -> list[Event]:
        out, self.pending = self.pending, []
        if out or not self.polls:
            return out
        ready, _ = self.ray.wait(list(self.polls), num_returns=1, timeout=min(timeout, POLL_S))
        for ref in ready:
            node_id = self.polls.pop(ref)
            try:
                raw = self.ray.get(ref)
            except self.ray.exceptions.RayActorError:
                self._node_died(node_id)
                continue
            self._poll(node_id)
            for event in self._decode(node_id, raw):
                if event.job_id not in self.specs:
                    continue  # cancelled here already
                if isinstance(event.message, JobStarted) and event.message.machine is not None:
                    self.machines[node_id] = event.message.machine.id
                if isinstance(event.message, JobExited):
                    self.specs.pop(event.job_id, None)
                    self.where.pop(event.job_id, None)
                out.append(event)
        out, self.pending = out + self.pending, []
        return out

    def _decode(self, node_id: str, raw: Any) -> list[Event]:
        """The events of a node's answer that it may send: only of jobs placed on it, and only
        well-formed; a malformed event fails its job (``protocol violation``), the coordinator
        checks the rest of what each job says as for any executor."""
        out = []
        for data in raw if isinstance(raw, list) else ():
            job_id = data.get("job") if isinstance(data, dict) else None
            if not isinstance(job_id, int) or self.where.get(job_id) != node_id:
                continue  # a node speaks only for its own jobs
            try:
                out.append(Event.from_dict(data))
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                self.cancel(
                    job_id, ScriptStatus.FAILED, f"protocol violation: a malformed event ({type(exc).__name__})"
                )
        return out

    def cancel(self, job_id: int, status: ScriptStatus, reason: str) -> None:
        node_id = self.where.get(job_id)
        if job_id in self.specs:
            self._end(job_id, status, reason)
        if node_id in self.actors:
            self.actors[node_id].cancel.remote(job_id, status.value, reason)

    def close(self) -> None:
        if not getattr(self, "ray", None):
            return
        calls = [actor.close.remote() for actor in self.actors.values()]
        try:
            self.ray.wait(calls, num_returns=len(calls), timeout=STOP_S)
        except Exception:  # noqa: BLE001 - a dead node's actor cannot close; it is gone already
            pass
        for actor in self.actors.values():
            self._kill(actor)
        self.actors.clear()
        self.ray.shutdown()

    # -- nodes ---------------------------------------------------------------------------------
    def _start_actors(self, config: Config) -> None:
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        from benchit.execute.ray.node import NodeWorker

        remote = self.ray.remote(NodeWorker)
        for node in self.usable:
            self.actors[node.id] = remote.options(
                scheduling_strategy=NodeAffinitySchedulingStrategy(node.id, soft=False),
                max_restarts=0,
                **actor_resources(node, config.devices),
            ).remote(config.to_dict(), self.preload)
            self._poll(node.id)

    def _kill(self, actor: Any) -> None:
        """Kill a node's actor; one whose node is gone already is left as it is."""
        try:
            self.ray.kill(actor)
        except Exception:  # noqa: BLE001 - a dead node's actor is gone already
            pass

    def _poll(self, node_id: str) -> None:
        self.polls[self.actors[node_id].events.remote(POLL_S)] = node_id

    def _send(self, spec: JobSpec) -> None:
        """Send ``spec`` (its sources inlined) to the node of its ``machine_hint`` (a later pass
        goes where its earlier passes ran) while that node is alive, else to the least busy node,
        avoiding those that died under it."""
        load = collections.Counter(self.where.values())
        avoid = self.tried[spec.job_id]
        hint = spec.machine_hint

        def elsewhere(node: Node) -> bool:
            return hint is not None and self.machines.get(node.id) != hint

        node = min(self.usable, key=lambda n: (n in avoid, elsewhere(n), load[n.id]))
        self.where[spec.job_id] = node.id
        self.actors[node.id].submit.remote(spec.inlined().to_dict())

    def _node_died(self, node_id: str) -> None:
        """A node's actor is gone (the node died, or its raylet): retry its jobs once elsewhere."""
        node = next(n for n in self.nodes if n.id == node_id)
        print(f"benchit: warning: Ray node {node.name} died; its scripts are retried once elsewhere", file=sys.stderr)
        self.usable = [n for n in self.usable if n.id != node_id]
        actor = self.actors.pop(node_id, None)
        if actor is not None:
            self._kill(actor)
        for job_id in [j for j, n in self.where.items() if n == node_id]:
            tried = self.tried[job_id]
            tried.append(node)
            if len(tried) < 2 and self.usable:
                self._send(self.specs[job_id])
            else:
                names = " and then ".join(n.name for n in tried)
                self._end(job_id, ScriptStatus.KILLED, f"the Ray node {names} died while this script ran")

    def _end(self, job_id: int, status: ScriptStatus, reason: str) -> None:
        """End a job here: ``JobKilled`` then ``JobExited``, and forget it."""
        self.pending += [Event(job_id, JobKilled(status, reason)), Event(job_id, JobExited(None))]
        self.specs.pop(job_id, None)
        self.where.pop(job_id, None)
