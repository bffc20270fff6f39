"""Many games at once: the seeds (or game numbers) are cut into chunks, and the chunks shared
out over processes on this machine (one core each) or over a Ray cluster.

``Pool(jobs, backend, address)`` keeps its workers for as many ``map`` calls as a study or a
tournament makes; ``over_seeds`` is one ``map`` in a pool of its own. With ``backend="ray"``
the chunks are Ray tasks: on a cluster when ``address`` names one (``"auto"`` for the
cluster this machine belongs to, or ``"ray://HOST:10001"``), else on a Ray started here with
``jobs`` CPUs. Ray is an optional extra: ``pip install 'kriegsspiel[cluster]'``.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable

BACKENDS = ("local", "ray")


def _call(work: Callable, args: tuple, chunk: list) -> list:
    return work(*args, chunk)


class Pool:
    def __init__(self, jobs: int = 1, backend: str = "local", address: str | None = None):
        if backend not in BACKENDS:
            raise ValueError(f"no backend {backend!r}: choose one of {', '.join(BACKENDS)}")
        if address and backend != "ray":
            raise ValueError("--address names a Ray cluster: give it with --backend ray")
        self.jobs = max(1, jobs)
        self.backend = backend
        self.address = address
        self._local: ProcessPoolExecutor | None = None
        self._ray = None
        self._started_ray = False

    def __enter__(self) -> Pool:
        if self.backend == "ray":
            try:
                import ray
            except ModuleNotFoundError:
                raise ValueError("the Ray backend needs Ray: pip install 'kriegsspiel[cluster]'") from None
            if not ray.is_initialized():
                if self.address:
                    ray.init(address=self.address, log_to_driver=False)
                else:
                    ray.init(
                        num_cpus=self.jobs,
                        include_dashboard=False,
                        log_to_driver=False,
                        object_store_memory=100 * 1024 * 1024,
                    )
                self._started_ray = True
            self._ray = ray
        elif self.jobs > 1:
            self._local = ProcessPoolExecutor(max_workers=self.jobs)
        return self

    def __exit__(self, *exc) -> None:
        if self._local is not None:
            self._local.shutdown(cancel_futures=True)
            self._local = None
        if self._started_ray:
            self._ray.shutdown()
            self._started_ray = False

    @property
    def workers(self) -> int:
        if self._ray is not None:
            return max(1, int(self._ray.cluster_resources().get("CPU", self.jobs)))
        return self.jobs

    def map(self, work: Callable, args: tuple, items: list, progress=None, done=None) -> list:
        """``work(*args, chunk)`` returns a list for a chunk of items; the lists of all
        chunks, joined (in the order they finish). ``progress(n)`` hears of every ``n``
        items done, and ``done(rows)`` receives each chunk's list as it finishes (to store
        it at once: a run stopped half-way keeps what it finished)."""

        def finished(rows: list, n: int) -> None:
            out.extend(rows)
            if done:
                done(rows)
            if progress:
                progress(n)

        out: list = []
        if self._ray is None and self._local is None:
            for x in items:
                finished(work(*args, [x]), 1)
            return out
        size = max(1, min(100, len(items) // (self.workers * 8) or 1))
        chunks = [items[i : i + size] for i in range(0, len(items), size)]
        if self._ray is not None:
            ray = self._ray
            task = ray.remote(num_cpus=1)(_call)
            pending = {task.remote(work, args, c): len(c) for c in chunks}
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    finished(ray.get(ref), pending.pop(ref))
            return out
        futures = {self._local.submit(work, *args, c): len(c) for c in chunks}
        for fut in as_completed(futures):
            finished(fut.result(), futures[fut])
        return out


def over_seeds(
    work: Callable,
    args: tuple,
    seeds: list[int],
    jobs: int = 1,
    progress=None,
    backend: str = "local",
    address: str | None = None,
) -> list:
    """``work(*args, chunk)`` returns a list for a chunk of seeds; the lists of
    all chunks, joined. ``progress(n)`` hears of every ``n`` seeds done."""
    with Pool(jobs, backend, address) as pool:
        return pool.map(work, args, seeds, progress)
