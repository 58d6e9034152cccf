"""The ``ray`` executor: scripts run on the nodes of a Ray cluster; Ray itself is imported only when used."""

from __future__ import annotations

import argparse

from benchit.contracts import Executor
from benchit.markers import hookimpl


@hookimpl
def benchit_addoption(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ray-address",
        default=None,
        metavar="HOST:PORT",
        help="with --executor ray: the cluster's GCS address (default $RAY_ADDRESS, else auto: the cluster "
        "started on this machine)",
    )


@hookimpl
def benchit_executors() -> list[type[Executor]]:
    from benchit.execute.ray.executor import RayExecutor

    return [RayExecutor]
