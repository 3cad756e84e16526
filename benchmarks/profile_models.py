"""Where a prepared program's time goes: per op kind, its count of steps and their time.

For each model of bench_models.py and each level (gawee, linalg, mir), at 1 or 2
BLAS threads, prints the run's wall time against ONNX Runtime with as many threads,
the total time of the steps under 20 us (where the per-step overhead dominates), and
the op kinds by total time: each step's median over the runs, measured between the
calls of the prepared program's step observer. `--clock cpu` measures the CPU time
of the interpreter's thread instead of wall time: on a shared machine it does not
count the time other processes take, but it misses BLAS worker threads (use it
with one thread). While an observer watches, no step runs in place (`steps.Step.
observed_kernel`): the steps that would write over a dying operand allocate here, so
their times are a little longer than in an unobserved run. Not a test.

    .venv/bin/python benchmarks/profile_models.py [--threads 1] [--repeats 5] [--clock cpu]
        [--models bert_tiny] [--levels gawee mir] [--top 12]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Callable

import numpy as np
import onnx
from bench_models import LOWERINGS, MODELS, _session, lower, set_blas_threads
from timing import median_time
from xdsl.ir import Operation

from nnstack.frontend.onnx import import_onnx
from nnstack.interpreters import PreparedProgram, prepare

CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}


def profile(
    program: PreparedProgram, arrays: list[np.ndarray], repeats: int, clock: Callable[[], float]
) -> dict[str, list[float]]:
    """op name -> the median time of each of its steps (seconds), over `repeats` runs
    after a warm-up."""
    times: dict[int, list[float]] = defaultdict(list)
    names: dict[int, str] = {}
    last = [0.0]

    def observe(index: int, op: Operation, args: object, values: object) -> None:
        times[index].append(clock() - last[0])
        names[index] = op.name
        last[0] = clock()

    for _ in range(repeats + 1):
        last[0] = clock()
        program.call(arrays, observer=observe)
    kinds: dict[str, list[float]] = defaultdict(list)
    for index, samples in times.items():
        kinds[names[index]].append(statistics.median(samples[1:]))
    return kinds


def report(
    name: str, model: onnx.ModelProto, inputs: dict[str, np.ndarray], args: argparse.Namespace
) -> None:
    arrays = list(inputs.values())
    session = _session(model.SerializeToString(), args.threads)
    ort = median_time(lambda: session.run(None, inputs), args.repeats)
    print(f"{name}, {args.threads} thread(s): ONNX Runtime {ort * 1e3:.2f} ms")
    for level in args.levels:
        module = import_onnx(model)
        if level in LOWERINGS:
            lower(module, level)
        program = prepare(module, "main")
        wall = median_time(lambda p=program: p(*arrays), args.repeats)
        kinds = profile(program, arrays, args.repeats, CLOCKS[args.clock])
        steps = sum(len(t) for t in kinds.values())
        small = sum(t for ts in kinds.values() for t in ts if t < 20e-6)
        print(
            f"  {level}: {wall * 1e3:.2f} ms ({wall / ort:.2f}x), {steps} steps, "
            f"{small * 1e3:.2f} ms in steps under 20 us"
        )
        ranked = sorted(kinds.items(), key=lambda item: -sum(item[1]))
        for op_name, samples in ranked[: args.top]:
            total = sum(samples)
            print(
                f"    {op_name:<28}{len(samples):>5} x {total / len(samples) * 1e6:>8.1f} us"
                f" = {total * 1e3:>7.2f} ms"
            )
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--models", nargs="+", choices=list(MODELS), default=list(MODELS))
    parser.add_argument("--levels", nargs="+", choices=["gawee", *LOWERINGS], default=["gawee", *LOWERINGS])
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall")
    args = parser.parse_args()
    set_blas_threads(args.threads)
    for key in args.models:
        name, model, inputs = MODELS[key]()
        report(name, model, inputs, args)


if __name__ == "__main__":
    main()
