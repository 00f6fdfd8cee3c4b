"""Where long bot runs play their games: in this process, in worker processes, or on a Ray cluster.

The arena and ``train`` hand their games to ``run_jobs`` as (top-level function, job) pairs. Each job carries its
own seed, so where it runs never changes its result; callers order the results by game index. Ray is an optional
extra (``pip install 'pyengine[scale]'``), imported only when ``--ray`` is asked for, and never in the browser wheel.
"""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")

LOCAL = "local"
"""``--ray local``: start a Ray instance on this machine with ``--jobs`` CPUs (what the tests use)."""


class RayMissingError(RuntimeError):
    """``--ray`` was asked for but the ``ray`` package is not installed."""


def run_jobs(fn: Callable[[J], R], jobs: Sequence[J], workers: int = 1, ray: str | None = None) -> Iterator[R]:
    """Yield ``fn(job)`` for every job, in the order they finish: here (``workers`` 1), in that many processes, or
    on Ray (``ray``: ``local``, ``auto`` or a cluster address such as ``ray://head:10001``)."""
    if ray is not None:
        yield from _on_ray(fn, jobs, workers, ray)
    elif workers > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for future in as_completed([pool.submit(fn, j) for j in jobs]):
                yield future.result()
    else:
        for j in jobs:
            yield fn(j)


def ray_init(address: str, workers: int) -> Any:
    """Connect to Ray (or start a local instance) with this package shipped to its workers; return the module.

    Raises:
        RayMissingError: the ``ray`` package is not installed.
    """
    try:
        ray = importlib.import_module("ray")  # optional: imported only when asked for
    except ImportError as exc:
        raise RayMissingError("--ray needs Ray: pip install 'pyengine[scale]' (or pip install 'ray>=2.9')") from exc
    if not ray.is_initialized():
        package = str(Path(__file__).resolve().parents[1])
        env = {"py_modules": [package]}  # the workers import this very code, on this machine or a cluster's nodes
        if address == LOCAL:
            # Ray starts its workers at nice 15; a local run is the user's own job, so they run at normal priority
            # (else any other busy process on the machine starves them).
            os.environ.setdefault("RAY_worker_niceness", "0")
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False, runtime_env=env,
                     logging_level=logging.ERROR)
        else:
            ray.init(address=address, log_to_driver=False, runtime_env=env, logging_level=logging.ERROR)
    return ray


def _on_ray(fn: Callable[[J], R], jobs: Sequence[J], workers: int, address: str) -> Iterator[R]:
    """Yield ``fn(job)`` for every job, computed as Ray tasks, in the order they finish."""
    ray = ray_init(address, workers)
    remote = ray.remote(num_cpus=1)(fn)
    pending = [remote.remote(j) for j in jobs]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        yield ray.get(ready[0])
