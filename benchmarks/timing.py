"""The one way the benchmarks time a call: the median wall time of `repeats` calls after
one warm-up call (which loads caches, JIT-compiles, prepares), in seconds; and of two
calls compared, alternated so both see the same load of a shared machine. Calls of a
microsecond or less are timed `number` at a time (the clock's own cost is ~0.1 us)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_time(fn: Callable[[], object], repeats: int, number: int = 1) -> float:
    fn()  # warm-up
    times = []
    calls = range(number)
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in calls:
            fn()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def median_cpu_time(fn: Callable[[], object], repeats: int) -> float:
    """The median CPU time of the process (all its threads) over `repeats` calls of
    `fn`: what the work costs, which a loaded machine's scheduling does not change as
    much as the wall time (a call on several threads waits for the slowest)."""
    fn()  # warm-up
    times = []
    for _ in range(repeats):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def calls_per_sample(fn: Callable[[], object], at_least: float = 50e-6) -> int:
    """How many calls of `fn` take `at_least` seconds (from one timed call)."""
    start = time.perf_counter()
    fn()
    return max(1, min(1000, int(at_least / max(time.perf_counter() - start, 1e-9))))


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
