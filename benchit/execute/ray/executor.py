"""The driver of ``--executor ray``: one warm worker per Ray node, scripts sent where their devices are,
messages written to the cache here, node deaths retried once, Ctrl-C recorded as ``interrupted``."""

from __future__ import annotations

import base64
import collections
import sys
import time
from typing import Any

from benchit.execute.ray.connect import connect
from benchit.execute.ray.placement import Node, actor_resources, has_device, missing_reason
from benchit.execute.ray.sources import pack
from benchit.execute.runner import Job, Runner
from benchit.records import Script
from benchit.store.cache import script_key

POLL_S = 0.5  # how long one events call waits on a node before answering empty
STOP_S = 10.0  # how long stopping the node workers may take before they are killed


class RayRunner(Runner):
    """Runs scripts on a Ray cluster; the cache is written only here, by the coordinating process."""

    name = "ray"

    def open(self) -> None:
        """Connect and read the cluster (usage errors come from here, before anything is written)."""
        self.ray = connect(self.config.options.get("ray_address"))
        self.nodes = [Node.from_ray(n) for n in self.ray.nodes() if n.get("Alive")]
        self.missing = missing_reason(self.nodes, self.config.devices)
        self.usable = [n for n in self.nodes if all(has_device(n, d) for d in self.config.devices)]
        self.actors: dict[str, Any] = {}
        self.polls: dict[Any, str] = {}  # pending events call -> node id
        self.where: dict[int, str] = {}  # job index -> node id
        self.tried: dict[int, list[Node]] = {}  # job index -> nodes that died under it
        self.node_of = {n.id: n for n in self.nodes}

    # -- the main loop ----------------------------------------------------------------------
    def run(self, scripts: list[Script]) -> list[Job]:
        queue: collections.deque[Script | Job] = collections.deque(scripts)
        index = 0
        try:
            if not self.missing:
                self._start_workers()
            while queue or self.active:
                while queue and (self.missing or not self.usable or self._free_node() is not None):
                    item = queue.popleft()
                    if isinstance(item, Job):
                        self._submit(item)
                        continue
                    index += 1
                    job = self._begin(item, index)
                    if job is not None:
                        if self.missing or not self.usable:
                            self._unavailable(job)
                        else:
                            self._submit(job)
                if self.active:
                    retry = self._poll_nodes()
                    queue.extendleft(reversed(retry))
        except KeyboardInterrupt:
            self._stop_workers()
            for job in list(self.active.values()):
                self._end(job, "interrupted", "stopped by the user (Ctrl-C) before the script finished", b"", {}, None)
            raise
        self._stop_workers()
        return self.finished

    def _begin(self, script: Script, index: int) -> Job | None:
        """Lock and plan the script as the local runner does; ``None`` when there is nothing to run."""
        key = script_key(script.path)
        lock = self.cache.try_lock(key, blocking=True)
        assert lock is not None
        try:
            plan = self.plan(script)
        except OSError as exc:
            lock.close()
            self.skipped.append((script, f"cannot read: {exc}"))
            return None
        if plan is None:
            lock.close()
            self.skipped.append((script, "complete in the cache"))
            self.progress.script_skipped(script, "complete in the cache")
            return None
        digest, record, done = plan
        job = Job(index=index, script=script, key=key, digest=digest, record=record, done=done, lock=lock)
        job.kept = list(record["builds"])
        record["executor"] = "ray"
        return job

    def _unavailable(self, job: Job) -> None:
        reason = self.missing or "no node of the Ray cluster is alive"
        self.active[job.index] = job
        self.progress.script_started(job)
        # An earlier run's record stays (as locally, where an absent device leaves the other results).
        self._end(job, "unavailable", reason, b"", {}, None, write=self.cache.read_script(job.key) is None)

    def _start_workers(self) -> None:
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        from benchit.execute.ray.node import NodeWorker

        remote = self.ray.remote(NodeWorker)
        for node in self.usable:
            self.actors[node.id] = remote.options(
                scheduling_strategy=NodeAffinitySchedulingStrategy(node.id, soft=False),
                max_concurrency=4,
                max_restarts=0,
                **actor_resources(node, self.config.devices),
            ).remote(self.config.to_dict(), self.preload)
        for node in list(self.usable):
            self._poll(node.id)

    def _poll(self, node_id: str) -> None:
        self.polls[self.actors[node_id].events_since.remote(POLL_S)] = node_id

    def _free_node(self, avoid: list[Node] | None = None) -> Node | None:
        """The least busy node with room for another script (``-j`` scripts per node), preferring
        nodes not in ``avoid`` (those that died under the script)."""
        load = collections.Counter(self.where.get(i) for i in self.active)
        free = [n for n in self.usable if load[n.id] < self.config.jobs]
        return min(free, key=lambda n: (n in (avoid or []), load[n.id])) if free else None

    def _submit(self, job: Job) -> None:
        node = self._free_node(avoid=self.tried.get(job.index, []))
        assert node is not None
        self.where[job.index] = node.id
        job.record["node"] = node.to_dict()
        job.started = time.monotonic()
        self.cache.write_script(job.key, job.record)
        if job.index not in self.active:
            self.active[job.index] = job
            self.progress.script_started(job)
        if job.script.label_error:
            self._end(job, "failed", job.script.label_error, b"", {}, None)
            return
        spec = {
            "bundle": pack(job.script.path).to_dict(),
            "script": job.script.to_dict(),
            "key": job.key,
            "plan": [job.digest, job.record, job.done],
        }
        self.actors[node.id].submit.remote(job.index, spec)

    def _poll_nodes(self) -> list[Job]:
        """Handle what the nodes sent; return the jobs of dead nodes that get another try."""
        ready, _ = self.ray.wait(list(self.polls), num_returns=1, timeout=0.25)
        retry: list[Job] = []
        for ref in ready:
            node_id = self.polls.pop(ref)
            try:
                events = self.ray.get(ref)
            except self.ray.exceptions.RayActorError:
                retry += self._node_died(self.node_of[node_id])
                continue
            self._poll(node_id)
            for event in events:
                self._event(self.node_of[node_id], event)
        return retry

    def _event(self, node: Node, event: dict[str, Any]) -> None:
        job = self.active.get(event["job"])
        if job is None:
            return
        if event["event"] == "message":
            message = event["message"]
            if message.get("type") == "result":
                message = {**message, "result": {**message["result"], "node": node.to_dict()}}
            self._handle(job, message)
        elif event["event"] == "end":
            error = event["error"]
            artifacts = {name: base64.b64decode(data) for name, data in event["artifacts"].items()}
            job.peak_rss = event.get("peak_rss_bytes") or 0
            self._end(job, event["status"], error, base64.b64decode(event["log"]), artifacts, node)

    def _node_died(self, node: Node) -> list[Job]:
        """A node's worker is gone (the node died, or its raylet): retry its scripts once elsewhere."""
        print(f"benchit: warning: Ray node {node.name} died; its scripts are retried once elsewhere", file=sys.stderr)
        self.usable = [n for n in self.usable if n.id != node.id]
        actor = self.actors.pop(node.id, None)
        if actor is not None:
            try:
                self.ray.kill(actor)
            except Exception:  # noqa: BLE001 - already gone
                pass
        retry = []
        for job in [j for j in self.active.values() if self.where.get(j.index) == node.id]:
            tried = self.tried.setdefault(job.index, [])
            tried.append(node)
            self.where.pop(job.index, None)
            if len(tried) < 2 and self.usable:
                retry.append(job)
            else:
                names = " and then ".join(n.name for n in tried)
                self._end(job, "killed", f"the Ray node {names} died while this script ran", b"", {}, node)
        return retry

    def _end(
        self,
        job: Job,
        status: str,
        error: dict[str, Any] | str | None,
        log: bytes,
        artifacts: dict[str, bytes],
        node: Node | None,
        write: bool = True,
    ) -> None:
        """Write what the node sent at the script's end: log, artifacts, the record with its status."""
        if isinstance(error, str):
            error = {"type": status, "message": error, "traceback": ""}
        if log:
            self.cache.log_path(job.key).write_bytes(log)
        for name, data in artifacts.items():
            build, _, rest = name.partition("/")
            folder = (self.cache.build_dir(build) / "artifacts").resolve()
            target = (folder / rest).resolve()
            if build in job.builds and folder in target.parents:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
        final = status in ("ok", "no_models", "failed")
        job.record.update(
            status=status,
            error=error,
            builds=job.builds if final else job.builds + [b for b in job.kept if b not in job.builds],
            finished=time.time(),
            duration_s=round(time.monotonic() - job.started, 3) if job.started else 0.0,
            results=job.results,
            failed_results=job.failed_results,
        )
        if job.peak_rss:
            job.record["peak_rss_bytes"] = job.peak_rss
        if write:
            self.cache.write_script(job.key, job.record)
        if job.lock is not None:
            job.lock.close()
        self.active.pop(job.index, None)
        self.where.pop(job.index, None)
        self.finished.append(job)
        self.progress.script_finished(job)

    def _stop_workers(self) -> None:
        """Stop every node's worker (its running scripts, its fork server), then end the actors."""
        if not getattr(self, "actors", None):
            return
        calls = [actor.stop.remote() for actor in self.actors.values()]
        try:
            self.ray.wait(calls, num_returns=len(calls), timeout=STOP_S)
        except Exception:  # noqa: BLE001 - a dead node cannot be stopped; it is gone already
            pass
        for actor in self.actors.values():
            try:
                self.ray.kill(actor)
            except Exception:  # noqa: BLE001 - see above
                pass
        self.actors.clear()
