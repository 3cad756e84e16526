"""The one way the benchmarks time a call: the median wall time of `repeats` calls after
one warm-up call (which loads caches, JIT-compiles, prepares), in seconds."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_time(fn: Callable[[], object], repeats: int) -> float:
    fn()  # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
