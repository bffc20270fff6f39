"""Many games at once: the seeds are cut into chunks, and the chunks shared
out over processes (one core each)."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable


def over_seeds(work: Callable, args: tuple, seeds: list[int], jobs: int = 1, progress=None) -> list:
    """``work(*args, chunk)`` returns a list for a chunk of seeds; the lists of
    all chunks, joined. ``progress(n)`` hears of every ``n`` seeds done."""
    if jobs <= 1:
        out = []
        for s in seeds:
            out.extend(work(*args, [s]))
            if progress:
                progress(1)
        return out
    size = max(1, min(100, len(seeds) // (jobs * 8) or 1))
    chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    out = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(work, *args, chunk): len(chunk) for chunk in chunks}
        for fut in as_completed(futures):
            out.extend(fut.result())
            if progress:
                progress(futures[fut])
    return out
