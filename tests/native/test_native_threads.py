"""Parallel loops on threads (convert-llir-to-llvm{threads=N}, `native.run(threads=N)`):
the results of 2 and 3 threads equal those of one thread bit for bit, on ranges that
the thread count divides, that it does not, and that are shorter than it.

Programs: an llir loop that adds into its output (an iteration run twice, or never,
shows), with a lower bound and step other than 0 and 1; the tiled products and convs
of convert-mir-to-llir (the row tiles of the GEMM micro-kernel and the output rows of
the conv are the parallel loops); a small ResNet; the suite's mir.parallel_for. Each
test first checks that the lowered code does call the threads runtime, so a loop
quietly left sequential fails. `min_chunk_work=0` gives every thread one iteration at
least (the default would keep these small loops on one thread). The numbers are also
checked against numpy where that is exact.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gawee_inputs import random_arguments
from levels import lower
from llir_programs import NETWORKS, PARALLEL_SQUARES, functions, lower_to_llir
from test_native_matmul_tiles import product_program
from xdsl.dialects import llvm
from xdsl.dialects.builtin import ModuleOp

from nnstack import native
from nnstack.interpreters import make_context, parse_module
from nnstack.transforms.convert_llir_to_llvm import ConvertLlirToLlvmPass
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass

THREADS = (2, 3)
OPT_LEVEL = 1


def runtime_calls(module: ModuleOp, threads: int) -> int:
    """How many calls of the threads runtime the lowering of `module` makes."""
    lowered = module.clone()
    ConvertLlirToLlvmPass(threads=threads).apply(make_context(), lowered)
    return sum(
        1
        for op in lowered.walk()
        if isinstance(op, llvm.CallOp) and op.callee.string_value() == "nnstack_parallel_for"
    )


def assert_threads_agree(
    module: ModuleOp, symbol: str, arrays: list[Any], check_bounds: bool = False
) -> tuple:
    """`symbol` on 2 and 3 threads gives what it gives on one, bit for bit; the results."""
    for threads in THREADS:
        assert runtime_calls(module, threads), "no loop runs on threads"
    single = native.run(module, symbol, *arrays, opt_level=OPT_LEVEL, check_bounds=check_bounds)
    for threads in THREADS:
        got = native.run(
            module,
            symbol,
            *arrays,
            opt_level=OPT_LEVEL,
            check_bounds=check_bounds,
            threads=threads,
            min_chunk_work=0,
        )
        assert len(got) == len(single)
        for expected, result in zip(single, got):
            assert result.dtype == expected.dtype and result.shape == expected.shape
            np.testing.assert_array_equal(result, expected, err_msg=f"{threads} threads")
    return single


ACCUMULATE = """
llir.func @accumulate(%x: !llir.ptr<f32>, %y: !llir.ptr<f32>, %first: i64, %last: i64, %scale: f32) {
  %c3 = llir.constant 3 : i64
  llir.for %i = %first to %last step %c3 : i64 attributes {llir.parallel} {
    %v = llir.load %x[%i : i64] : !llir.ptr<f32> -> f32
    %old = llir.load %y[%i : i64] : !llir.ptr<f32> -> f32
    %w = llir.mul %v, %scale : f32
    %new = llir.add %old, %w : f32
    llir.store %new, %y[%i : i64] : f32, !llir.ptr<f32>
    llir.yield
  }
  llir.return
}
"""


@pytest.mark.parametrize("trips", [0, 1, 2, 3, 4, 5, 6, 7, 11])
@pytest.mark.parametrize("check_bounds", [False, True])
def test_loop_split_into_chunks(trips: int, check_bounds: bool):
    module = parse_module(ACCUMULATE)
    first = 2
    size = first + 3 * trips + 1
    x = np.arange(1, size + 1, dtype=np.float32)
    for threads in THREADS:
        assert runtime_calls(module, threads) == 1
    for threads in (1, *THREADS):
        y = np.ones(size, np.float32)
        native.run(
            module,
            "accumulate",
            x,
            y,
            np.int64(first),
            np.int64(first + 3 * trips - 2),
            np.float32(2.0),
            opt_level=OPT_LEVEL,
            check_bounds=check_bounds,
            threads=threads,
            min_chunk_work=0,
        )
        expected = np.ones(size, np.float32)
        expected[first : first + 3 * trips : 3] += 2 * x[first : first + 3 * trips : 3]
        np.testing.assert_array_equal(y, expected, err_msg=f"{trips} trips on {threads} threads")


SMALL = {"vector_width": 4, "tile_rows": 3, "tile_vectors": 2, "k_block": 8, "n_block": 16}


@pytest.mark.parametrize(
    ("lhs", "rhs", "options"),
    [
        ((30, 20), (20, 40), SMALL),  # 10 row tiles per block (packed B), K and N in blocks
        ((7, 19), (19, 37), SMALL),  # 2 row tiles (fewer than 3 threads), leftover columns
        ((2, 13, 9), (9, 24), SMALL),  # batch: each batch's row tiles on threads
        ((2, 20), (20, 40), SMALL),  # fewer rows than a tile: the panels on threads
        ((48, 50), (50, 48), {"vector_width": 16}),  # the default tiles: 4 row tiles of 12
    ],
)
def test_matmul(lhs: tuple[int, ...], rhs: tuple[int, ...], options: dict[str, int]):
    module = parse_module(product_program(lhs, rhs))
    ConvertMirToLlirPass(**options).apply(make_context(), module)
    rng = np.random.default_rng(lhs[-1])
    a, b = rng.standard_normal(lhs).astype(np.float32), rng.standard_normal(rhs).astype(np.float32)
    (result,) = assert_threads_agree(module, "product", [a, b])
    np.testing.assert_allclose(result, a.astype(np.float64) @ b, rtol=1e-4, atol=1e-4)


def _conv(shape: tuple[int, ...], kernel: int, f: int, stride: int, pad: int) -> str:
    n, h, w, c = shape
    oh, ow = (h + 2 * pad - kernel) // stride + 1, (w + 2 * pad - kernel) // stride + 1
    tx, tw = f"tensor<{n}x{h}x{w}x{c}xf32>", f"tensor<{kernel}x{kernel}x{c}x{f}xf32>"
    to = f"tensor<{n}x{oh}x{ow}x{f}xf32>"
    return (
        f"func.func @conv(%x: {tx}, %w: {tw}) -> {to} {{\n"
        f"  %y = mir.conv %x, %w input_shape = {list(shape)} weight_shape = [{kernel}, {kernel}, {c}, {f}] "
        f"output_shape = [{n}, {oh}, {ow}, {f}] kernel_size = [{kernel}, {kernel}] stride = [{stride}, {stride}] "
        f"padding = [{pad}, {pad}, {pad}, {pad}] dilation = [1, 1] groups = 1 : ({tx}, {tw}) -> {to}\n"
        f"  func.return %y : {to}\n}}"
    )


@pytest.mark.parametrize(
    ("shape", "kernel", "f", "stride", "pad", "width"),
    [
        ((1, 7, 9, 3), 3, 8, 1, 1, 4),  # 7 output rows: 3 threads do not divide them
        ((2, 5, 6, 4), 3, 12, 2, 1, 4),  # batch 2 (the batch loop on threads), stride 2
        ((1, 2, 5, 2), 1, 8, 1, 0, 4),  # 2 output rows, fewer than 3 threads
        ((1, 6, 6, 2), 3, 5, 1, 1, 1),  # scalar code
    ],
)
def test_conv(shape: tuple[int, ...], kernel: int, f: int, stride: int, pad: int, width: int):
    module = parse_module(_conv(shape, kernel, f, stride, pad))
    ConvertMirToLlirPass(vector_width=width, tile_rows=3, tile_vectors=2).apply(make_context(), module)
    rng = np.random.default_rng(sum(shape))
    x = rng.standard_normal(shape).astype(np.float32)
    w = rng.standard_normal((kernel, kernel, shape[3], f)).astype(np.float32)
    assert_threads_agree(module, "conv", [x, w])


def test_small_resnet():
    module = NETWORKS["resnet"]()
    (function,) = functions(module)
    arrays = random_arguments(function, np.random.default_rng(0))
    lowered = lower_to_llir(lower(module, "mir"), "row-major", 8)
    assert_threads_agree(lowered, function.sym_name.data, arrays)


@pytest.mark.parametrize("rows", [1, 2, 5, 6])
@pytest.mark.parametrize(("layout", "width"), [("row-major", 8), ("column-major", 1)])
def test_parallel_for(rows: int, layout: str, width: int):
    module = lower_to_llir(parse_module(PARALLEL_SQUARES.format(rows=rows)), layout, width)
    x = np.random.default_rng(rows).standard_normal((rows, 3)).astype(np.float32)
    (result,) = assert_threads_agree(module, "squares", [x], check_bounds=True)
    np.testing.assert_array_equal(result, x * x)


def test_threads_must_be_positive():
    module = parse_module(ACCUMULATE)
    with pytest.raises(ValueError, match="threads must be >= 1"):
        x = np.zeros(4, np.float32)
        native.run(module, "accumulate", x, x, np.int64(0), np.int64(4), np.float32(1), threads=0)
    with pytest.raises(Exception, match="threads must be >= 1, got 0"):
        ConvertLlirToLlvmPass(threads=0).apply(make_context(), module.clone())


DIVIDE = """
llir.func @divide(%x: !llir.ptr<i64>, %d: !llir.ptr<i64>, %y: !llir.ptr<i64>, %n: i64) {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  llir.for %i = %c0 to %n step %c1 : i64 attributes {llir.parallel} {
    %a = llir.load %x[%i : i64] : !llir.ptr<i64> -> i64
    %b = llir.load %d[%i : i64] : !llir.ptr<i64> -> i64
    %q = llir.div %a, %b : i64
    llir.store %q, %y[%i : i64] : i64, !llir.ptr<i64>
    llir.yield
  }
  llir.return
}
"""


@pytest.mark.parametrize("threads", THREADS)
def test_a_failed_check_on_a_thread_stops_the_call(threads: int):
    """A run-time error in an iteration on any thread is the call's error, and the next
    call starts clean."""
    module = parse_module(DIVIDE)
    x = np.arange(10, dtype=np.int64)
    y = np.zeros(10, np.int64)
    d = np.ones(10, np.int64)
    d[7] = 0  # in the last chunk
    with pytest.raises(native.NativeError, match="division by zero"):
        native.run(module, "divide", x, d, y, np.int64(10), threads=threads, min_chunk_work=0)
    d[7] = 1
    native.run(module, "divide", x, d, y, np.int64(10), threads=threads, min_chunk_work=0)
    np.testing.assert_array_equal(y, x)
