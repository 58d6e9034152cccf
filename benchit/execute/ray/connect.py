"""Reaching a Ray cluster from the driver: the address, a quick reachability check, and ``ray.init``."""

from __future__ import annotations

import os
import socket
from pathlib import Path
from types import ModuleType

from benchit.errors import UsageError

CONNECT_TIMEOUT_S = 5.0
INSTALL_HINT = '--executor ray needs Ray: pip install "benchit-zoo[ray]"'


def import_ray() -> ModuleType:
    """The ``ray`` module, or a usage error that says how to install it."""
    try:
        import ray
    except ImportError:
        raise UsageError(INSTALL_HINT) from None
    return ray


def resolve_address(given: str | None) -> str:
    """``--ray-address``, else ``$RAY_ADDRESS``, else ``auto`` (the cluster started on this machine)."""
    return given or os.environ.get("RAY_ADDRESS") or "auto"


def _local_address() -> str | None:
    """The address ``ray start`` wrote on this machine, as ``ray.init("auto")`` would find it."""
    from ray._common.utils import get_ray_address_file  # imported lazily: ray is optional

    try:
        return Path(get_ray_address_file(None)).read_text().strip() or None
    except OSError:
        return None


def check_reachable(address: str) -> str:
    """The ``HOST:PORT`` of the cluster's GCS, after checking that something listens there;
    a usage error naming the address otherwise (``ray.init`` would wait much longer)."""
    if address == "auto":
        found = _local_address()
        if found is None:
            raise UsageError("--ray-address auto: no Ray cluster was started on this machine (ray start --head)")
        address = found
    if address.startswith("ray://"):
        raise UsageError(f"--ray-address {address}: Ray Client addresses are not supported; give the GCS HOST:PORT")
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise UsageError(f"--ray-address {address}: expected HOST:PORT, e.g. 10.0.0.5:6379")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT_S):
            pass
    except OSError as exc:
        raise UsageError(f"--ray-address {address}: cannot reach a Ray cluster there ({exc.strerror or exc})") from None
    return address


def connect(given: str | None) -> ModuleType:
    """Import Ray, check the cluster answers, and connect this process to it as a driver."""
    ray = import_ray()
    address = check_reachable(resolve_address(given))
    try:
        ray.init(
            address=address,
            logging_level="ERROR",
            log_to_driver=False,
            configure_logging=True,
        )
    except Exception as exc:  # noqa: BLE001 - anything that stops ray.init is a setup problem
        raise UsageError(f"--ray-address {address}: cannot connect: {str(exc).splitlines()[0][:200]}") from None
    return ray
