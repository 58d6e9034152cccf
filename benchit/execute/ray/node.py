"""What runs on each Ray node: a long-lived worker holding the node's warm fork server.

The node runs scripts exactly as ``benchit benchmark`` does locally (the local ``Runner``: fork
server, ``--timeout``, ``--memory-limit``, the host lock, every status), but writes nothing that
matters on the node: every message and the script's end go back to the driver as events, with
build names and artifacts translated to the driver's script key. Scripts arrive as a ``Bundle``
and run from a private temporary folder, so no shared filesystem is assumed.
"""

from __future__ import annotations

import base64
import os
import queue
import shutil
import tempfile
import threading
from pathlib import Path
from typing import IO, Any

from benchit.config import Config
from benchit.execute.process import become_subreaper, kill_tree
from benchit.execute.ray.sources import Bundle
from benchit.execute.runner import Job, Runner
from benchit.records import Script
from benchit.store.cache import Cache, script_key

ARTIFACT_LIMIT = 512 << 20  # bytes of one build's artifacts sent back; larger files stay on the node


class NodeCache(Cache):
    """The node's scratch cache: logs, locks and artifacts live here; records go to the driver."""

    def write_script(self, key: str, record: dict[str, Any]) -> None:
        pass

    def write_build(self, name: str, record: dict[str, Any]) -> None:
        pass

    def write_result(self, build: str, result: dict[str, Any]) -> None:
        pass

    def try_lock(self, key: str, blocking: bool = False) -> IO[str] | None:
        return open(os.devnull)  # the driver holds the script's lock in its own cache


class NodeRunner(Runner):
    """The local ``Runner``, fed one script at a time by the driver and reporting through events."""

    def __init__(self, config: Config, cache: Cache, preload: list[str], emit: Any):
        super().__init__(config, cache, _Relay(self, emit), preload)
        self.emit = emit
        self.plans: dict[str, tuple[str, dict[str, Any], dict[str, list[str]]]] = {}
        self.ids: dict[str, int] = {}  # node script key -> the driver's job id
        self.keys: dict[str, str] = {}  # node script key -> the driver's script key

    def plan(self, script: Script) -> tuple[str, dict[str, Any], dict[str, list[str]]] | None:
        return self.plans[script_key(script.path)]

    def translate(self, node_key: str, build: str) -> str:
        """A build name made on the node, as the driver names it."""
        return self.keys[node_key] + build[len(node_key) :]

    def _handle(self, job: Job, message: dict[str, Any]) -> None:
        super()._handle(job, message)
        if message.get("type") in ("invocation", "result"):
            message = {**message, "build": self.translate(job.key, message["build"])}
        self.emit({"event": "message", "job": self.ids[job.key], "message": message})


class _Relay:
    """The node runner's progress: a script's end becomes the event that carries its verdict."""

    def __init__(self, runner: NodeRunner, emit: Any):
        self.runner, self.emit = runner, emit

    def script_started(self, job: Job) -> None:
        pass

    def invocation(self, job: Job, build: str, invocation: dict[str, Any]) -> None:
        pass

    def result(self, job: Job, build: str, result: dict[str, Any]) -> None:
        pass

    def script_skipped(self, script: Script, reason: str) -> None:
        pass

    def script_finished(self, job: Job) -> None:
        runner = self.runner
        try:
            log = runner.cache.log_path(job.key).read_bytes()
        except OSError:
            log = b""
        artifacts: dict[str, str] = {}
        for build in job.builds:
            folder = runner.cache.build_dir(build) / "artifacts"
            if not folder.is_dir():
                continue
            for path in sorted(p for p in folder.rglob("*") if p.is_file()):
                if path.stat().st_size <= ARTIFACT_LIMIT:
                    name = f"{runner.translate(job.key, build)}/{path.relative_to(folder).as_posix()}"
                    artifacts[name] = base64.b64encode(path.read_bytes()).decode()
            shutil.rmtree(runner.cache.build_dir(build), ignore_errors=True)
        record = job.record
        self.emit(
            {
                "event": "end",
                "job": runner.ids.pop(job.key),
                "status": record["status"],
                "error": record["error"],
                "peak_rss_bytes": record.get("peak_rss_bytes"),
                "log": base64.b64encode(log).decode(),
                "artifacts": artifacts,
            }
        )
        runner.plans.pop(job.key, None)
        runner.keys.pop(job.key, None)


class NodeWorker:
    """The per-node actor (wrapped by ``ray.remote`` in the executor): ``submit`` scripts, poll ``events``."""

    def __init__(self, config: dict[str, Any], preload: list[str]):
        self.folder = Path(tempfile.mkdtemp(prefix="benchit-ray-"))
        cache = NodeCache(self.folder / "cache")
        cache.create()
        node_config = Config.from_dict({**config, "cache_dir": str(cache.root)})
        self.events: list[dict[str, Any]] = []
        self.ready = threading.Condition()
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.runner = NodeRunner(node_config, cache, preload, self._emit)
        self.stopping = False
        become_subreaper()  # what a script's processes leave behind comes here to be killed
        self.thread = threading.Thread(target=self._loop, name="benchit-node", daemon=True)
        self.thread.start()

    def info(self) -> dict[str, Any]:
        """Where this worker runs (the driver checks benchit's version against its own)."""
        from benchit import __version__

        return {"pid": os.getpid(), "hostname": os.uname().nodename, "benchit_version": __version__}

    def submit(self, job_id: int, spec: dict[str, Any]) -> None:
        self.inbox.put({"job": job_id, **spec})

    def events_since(self, wait_s: float) -> list[dict[str, Any]]:
        """Every event not yet fetched; waits up to ``wait_s`` for the first."""
        with self.ready:
            if not self.events:
                self.ready.wait(wait_s)
            events, self.events = self.events, []
        return events

    def stop(self) -> None:
        """Stop every running script (Ctrl-C on the driver) and the fork server."""
        self.stopping = True
        for job in list(self.runner.active.values()):
            if job.pid:
                kill_tree(job.pid)
        self.thread.join(timeout=10)
        if self.runner.server is not None:
            self.runner.server.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _emit(self, event: dict[str, Any]) -> None:
        with self.ready:
            self.events.append(event)
            self.ready.notify_all()

    def _start(self, item: dict[str, Any]) -> None:
        bundle = Bundle.from_dict(item["bundle"])
        path = bundle.write(self.folder / "src" / str(item["job"]))
        original = Script.from_dict(item["script"])
        script = Script(path=path, labels=original.labels, hashes=original.hashes, label_error=original.label_error)
        key = script_key(path)
        driver_key = item["key"]
        digest, record, done = item["plan"]
        # Pairs already measured, under the node's build names.
        done = {key + build[len(driver_key) :]: pairs for build, pairs in done.items()}
        self.runner.plans[key] = (digest, record, done)
        self.runner.ids[key] = item["job"]
        self.runner.keys[key] = driver_key
        self.runner._start(script, item["job"], wait=True)

    def _loop(self) -> None:
        runner = self.runner
        while not self.stopping:
            try:
                while True:
                    self._start(self.inbox.get(block=not runner.active, timeout=0.2))
            except queue.Empty:
                pass
            if runner.active:
                runner._poll()
        for job in list(runner.active.values()):
            job.verdict = ("interrupted", "stopped by the user (Ctrl-C) before the script finished")
            runner._finish(job)
