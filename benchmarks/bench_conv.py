"""Where each convolution of ResNet-18 spends its time in the shared kernel
(nnstack.interpreters.convolution): building the im2col columns, the matrix product,
the whole conv2d, against the same product alone (numpy's sgemm into a preallocated
output: the floor of this im2col + GEMM design), in both layouts (NCHW as gawee and
linalg run it, NHWC as mir does), and Winograd's F(2x2, 3x3) in both layouts where
`winograd.applies` picks it (its kernels transformed before). Each figure is the median of `--repeats` calls
timed with `--clock` (cpu: this thread's CPU time, which a loaded shared machine
distorts less, but which misses BLAS worker threads: use it with one thread).
Not a test.

    .venv/bin/python benchmarks/bench_conv.py [--threads 1] [--repeats 15] [--clock cpu]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np
from bench_models import MODELS, set_blas_threads

from nnstack.dialects import gawee
from nnstack.frontend.onnx import import_onnx
from nnstack.interpreters import winograd
from nnstack.interpreters.convolution import conv2d_nchw, conv2d_nhwc, im2col
from nnstack.interpreters.windows import Window

CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}


def timed(fn: Callable[[], object], repeats: int, clock: Callable[[], float]) -> float:
    """The median time of `repeats` calls after a warm-up, in microseconds."""
    fn()
    times = []
    for _ in range(repeats):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times) * 1e6


def measure(
    op: gawee.ConvOp, rng: np.random.Generator, repeats: int, clock: Callable[[], float]
) -> list[float]:
    """The times of `COLUMNS` for `op`'s shapes on random data."""
    x = rng.standard_normal(gawee.tensor_shape(op.input), dtype=np.float32)
    w = rng.standard_normal(gawee.tensor_shape(op.weight), dtype=np.float32)
    window = Window.of(
        w.shape[2:],
        op.array("strides"),
        op.array("dilation"),
        gawee.expand_padding(op.array("padding"), 2),
        gawee.tensor_shape(op.output)[2:],
    )
    x5 = x.reshape(1, 1, *x.shape[1:])
    columns = im2col(x5, window, False, x.dtype)[0, 0]
    kernels = w.reshape(w.shape[0], -1)
    out = np.empty((w.shape[0], columns.shape[-1]), np.float32)
    x_nhwc = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
    w_hwcf = np.ascontiguousarray(w.transpose(2, 3, 1, 0))
    times = [
        timed(lambda: im2col(x5, window, False, x.dtype), repeats, clock),
        timed(lambda: kernels @ columns, repeats, clock),
        timed(lambda: conv2d_nchw(x, w, 1, window), repeats, clock),
        timed(lambda: conv2d_nhwc(x_nhwc, w_hwcf, 1, window), repeats, clock),
        timed(lambda: np.matmul(kernels, columns, out=out), repeats, clock),
    ]
    nchw = winograd.faster_conv(w, window, op.group_count)
    if nchw is None:
        return [*times, np.nan, np.nan]  # (shown as "-"; the im2col conv's times in the totals)
    nhwc = winograd.WinogradConv(w, window, channels_last=True)
    return [
        *times,
        timed(lambda: nchw.winograd(x), repeats, clock),
        timed(lambda: nhwc.winograd(x_nhwc), repeats, clock),
    ]


COLUMNS = ("columns", "product", "conv2d", "NHWC conv2d", "sgemm alone", "Winograd", "NHWC Winograd")
"""(Winograd is 3 columns after conv2d, NHWC Winograd after NHWC conv2d.)"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--clock", choices=list(CLOCKS), default="cpu")
    args = parser.parse_args()
    set_blas_threads(args.threads)
    _, model, _ = MODELS["resnet18"]()
    rng = np.random.default_rng(0)
    print(f"{args.threads} thread(s), {args.clock} clock, us (median of {args.repeats})")
    print(f"{'input -> output, kernel':40}" + "".join(f"{c:>13}" for c in COLUMNS))
    totals = np.zeros(len(COLUMNS))
    for op in import_onnx(model).walk():
        if not isinstance(op, gawee.ConvOp):
            continue
        row = measure(op, rng, args.repeats, CLOCKS[args.clock])
        # the Winograd totals: each conv as a program runs it (im2col where it does not apply)
        totals += [v if not np.isnan(v) else row[i - 3] for i, v in enumerate(row)]
        x, w, out = (gawee.tensor_shape(v) for v in (op.input, op.weight, op.output))
        (sh, _), (top, *_) = op.array("strides"), gawee.expand_padding(op.array("padding"), 2)
        shape = f"{'x'.join(map(str, x[1:]))} -> {'x'.join(map(str, out[1:]))}, {w[2]}x{w[3]} s{sh} p{top}"
        print(f"{shape:40}" + "".join("            -" if np.isnan(v) else f"{v:13.0f}" for v in row))
    print(f"{'total (ms)':40}" + "".join(f"{v / 1e3:13.2f}" for v in totals))


if __name__ == "__main__":
    main()
