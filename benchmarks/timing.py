"""The one way the benchmarks time a call: the median wall time of `repeats` calls after
one warm-up call (which loads caches, JIT-compiles, prepares), in seconds; and of two
calls compared, alternated so both see the same load of a shared machine."""

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


def paired_median_times(
    first: Callable[[], object], second: Callable[[], object], repeats: int
) -> tuple[float, float]:
    """`median_time` of each of two calls, timed alternately (one of each per round)."""
    first()
    second()
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeats):
        for fn, into in zip((first, second), times):
            start = time.perf_counter()
            fn()
            into.append(time.perf_counter() - start)
    return statistics.median(times[0]), statistics.median(times[1])
