"""Which Ray nodes can run a scan: the resources each ``--device`` needs, read from the cluster."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Built-in accelerators Ray reports as ``GPU``; ``accelerator_type:<name>`` tells their vendors apart.
GPU_DEVICES = ("cuda", "rocm", "xpu")


@dataclass(frozen=True)
class Node:
    """A live Ray node as the driver sees it."""

    id: str
    ip: str
    hostname: str
    resources: dict[str, float] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """How reasons and reports name the node."""
        return f"{self.hostname or self.ip} ({self.ip}, node {self.id[:12]})"

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "ip": self.ip, "hostname": self.hostname}

    @classmethod
    def from_ray(cls, info: dict[str, Any]) -> Node:
        return cls(
            id=info["NodeID"],
            ip=info.get("NodeManagerAddress", ""),
            hostname=info.get("NodeManagerHostname", ""),
            resources={k: float(v) for k, v in (info.get("Resources") or {}).items()},
        )


def _vendor(accelerator_type: str) -> str:
    """The benchit device of a Ray ``accelerator_type`` (Ray's names: ``H100``, ``AMD-Instinct-MI300X-OAM``,
    ``Intel-GPU-Max-1550``...)."""
    if accelerator_type.startswith("AMD-"):
        return "rocm"
    if accelerator_type.startswith("Intel-GPU"):
        return "xpu"
    if accelerator_type.startswith("Intel-"):
        return "other"
    return "cuda"


def has_device(node: Node, device: str) -> bool:
    """Whether ``node`` offers ``device``: ``cpu`` everywhere; any device through a custom resource named
    after it (``ray start --resources '{"cuda": 1}'``); cuda/rocm/xpu also through Ray's own ``GPU`` with an
    ``accelerator_type`` of that vendor."""
    if device == "cpu" or node.resources.get(device, 0) > 0:
        return True
    if device in GPU_DEVICES and node.resources.get("GPU", 0) >= 1:
        types = [k.partition(":")[2] for k in node.resources if k.startswith("accelerator_type:")]
        return any(_vendor(t) == device for t in types)
    return False


def actor_resources(node: Node, devices: tuple[str, ...]) -> dict[str, Any]:
    """What the node's actor reserves: a GPU when an accelerator is wanted (so that Ray makes it visible to
    the actor's processes) and one unit of each device's own resource, where the node has one."""
    wanted: dict[str, Any] = {"num_cpus": 0, "resources": {}}
    if any(d != "cpu" for d in devices) and node.resources.get("GPU", 0) >= 1:
        wanted["num_gpus"] = 1
    for device in devices:
        if node.resources.get(device, 0) >= 1:
            wanted["resources"][device] = 1
    return wanted


def missing_reason(nodes: list[Node], devices: tuple[str, ...]) -> str | None:
    """``None`` when some node has every device; else a reason naming the resources no node offers."""
    if any(all(has_device(n, d) for d in devices) for n in nodes):
        return None
    absent = [d for d in devices if not any(has_device(n, d) for n in nodes)]
    needs = ", ".join(
        f"{d} (a resource {d!r}" + (" or a GPU with a matching accelerator_type" if d in GPU_DEVICES else "") + ")"
        for d in absent
    )
    if needs:
        return f"no node of the Ray cluster ({len(nodes)} alive) has {needs}; start nodes with ray start --resources"
    return f"no single node of the Ray cluster has all of {', '.join(devices)} together"
