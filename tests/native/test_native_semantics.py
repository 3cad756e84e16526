"""Native llir against the llir interpreter on the semantics that are easy to get wrong:
wrapping and signed division, IEEE corner cases and the math functions, conversions,
phis and calls, vectors and i1 in memory; and the run-time errors (integer division by
zero, a non-positive step, and with check_bounds out-of-bounds accesses, use after
free, double free, writes into inputs), each a `NativeError` naming the op, as the
interpreter's `InterpretationError`s do. Every program runs at -O3.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from llir_programs import VECTOR_ACCESS
from rounding_cases import LLIR_OPS, values
from xdsl.utils.exceptions import InterpretationError

from nnstack import native
from nnstack.dialects import llir
from nnstack.interpreters import call, parse_module
from nnstack.transforms.llir_to_llvm import OUTLINE_OPS

ARITH = """
llir.func @int_ops(%a: i8, %b: i8) -> i8 {
  %s = llir.add %a, %b : i8
  %m = llir.mul %s, %b : i8
  %d = llir.div %m, %b : i8
  %r = llir.rem %a, %b : i8
  %x = llir.xor %d, %r : i8
  %mx = llir.max %x, %a : i8
  %mn = llir.min %mx, %b : i8
  %n = llir.neg %mn : i8
  %abs = llir.abs %n : i8
  %res = llir.add %abs, %x : i8
  llir.return %res : i8
}
llir.func @float_ops(%a: f32, %b: f32) -> f32 {
  %s = llir.add %a, %b : f32
  %d = llir.div %s, %b : f32
  %r = llir.rem %a, %b : f32
  %mn = llir.min %d, %r : f32
  %mx = llir.max %mn, %a : f32
  %e = llir.exp %mx : f32
  %l = llir.log %e : f32
  %sn = llir.sin %l : f32
  %c = llir.cos %sn : f32
  %t = llir.tanh %c : f32
  %er = llir.erf %t : f32
  %p = llir.pow %er, %b : f32
  %q = llir.sqrt %p : f32
  %res = llir.add %q, %mx : f32
  llir.return %res : f32
}
llir.func @half(%a: f16, %b: f16) -> f16 {
  %s = llir.mul %a, %b : f16
  %e = llir.exp %s : f16
  llir.return %e : f16
}
llir.func @conversions(%i: i64, %f: f64) -> f32 {
  %u = llir.uitofp %i : i64 to f32
  %s = llir.sitofp %i : i64 to f32
  %n = llir.fptosi %f : f64 to i32
  %nf = llir.sitofp %n : i32 to f32
  %t = llir.trunc %i : i64 to i8
  %z = llir.zext %t : i8 to i32
  %zf = llir.uitofp %z : i32 to f32
  %a = llir.add %u, %s : f32
  %b = llir.add %a, %nf : f32
  %c = llir.add %b, %zf : f32
  llir.return %c : f32
}
llir.func @compare(%a: f32, %b: f32, %i: i32, %j: i32) -> i32 {
  %lt = llir.cmp olt, %a, %b : f32
  %uno = llir.cmp uno, %a, %b : f32
  %ult = llir.cmp ult, %i, %j : i32
  %x = llir.xor %lt, %ult : i1
  %y = llir.or %x, %uno : i1
  %r = llir.select %y, %i, %j : i32
  llir.return %r : i32
}
"""

SAMPLES = {
    "int_ops": [(100, 27), (-128, -1), (127, 1), (-7, 3), (5, -128)],
    "float_ops": [(1.5, 0.25), (-2.0, 3.0), (0.0, -0.0), (np.nan, 1.0), (np.inf, 2.0), (1e30, 1e-30)],
    "half": [(1.5, 2.0), (-3.0, 4.0), (60.0, 60.0)],
    "conversions": [(-1, 2.5), (2**62 + 12345, -7.9), (300, 1e9), (-(2**63), 0.0)],
    "compare": [(1.0, 2.0, -1, 1), (np.nan, 0.0, 3, 4), (2.0, 1.0, 5, -5)],
}


ROUNDING = "".join(
    f"llir.func @{op}_{t}(%x: {t}) -> {t} {{\n  %r = llir.{op} %x : {t}\n  llir.return %r : {t}\n}}\n"
    for op in LLIR_OPS.values()
    for t in ("f16", "f32", "f64")
)


@pytest.mark.parametrize("symbol", [f"{op}_{t}" for op in LLIR_OPS.values() for t in ("f16", "f32", "f64")])
def test_rounding_semantics(symbol: str):
    """LLVM's rounding intrinsics give the interpreter's bits: halves, +-0, +-inf, NaN,
    values beyond the fraction bits, subnormals."""
    module = parse_module(ROUNDING)
    dtype = {"f16": np.float16, "f32": np.float32, "f64": np.float64}[symbol[-3:]]
    for x in values(dtype):
        (expected,) = call(module, symbol, (x,)).results
        (got,) = native.run(module, symbol, x)
        assert got.dtype == expected.dtype
        np.testing.assert_array_equal(got, expected, err_msg=f"@{symbol}({x!r})")
        assert np.signbit(got) == np.signbit(expected), f"@{symbol}({x!r})"


@pytest.mark.parametrize("symbol", SAMPLES)
def test_scalar_semantics(symbol: str):
    module = parse_module(ARITH)
    for args in SAMPLES[symbol]:
        (expected,) = call(module, symbol, args).results
        (got,) = native.run(module, symbol, *args)
        assert got.dtype == expected.dtype
        np.testing.assert_array_equal(got, expected, err_msg=f"@{symbol}{args}")


def test_native_call_gives_the_arguments_as_the_interpreter_does():
    """`nnstack.native.call` compiles and calls the function it names (here not the
    module's first), with the interpreter's results and converted arguments, as
    `nnstack.interpreters.call` gives them (so a caller can switch between the two)."""
    module = parse_module(ARITH)
    args = (1.0, 2.0, -1, 1)
    interpreted = call(module, "compare", args)
    (expected,) = interpreted.results
    (got,) = native.run(module, "compare", *args)
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)
    called = native.call(module, "compare", args)
    (again,) = called.results
    np.testing.assert_array_equal(again, expected)
    assert len(called.arguments) == 4
    for got_argument, want_argument in zip(called.arguments, interpreted.arguments, strict=True):
        assert type(got_argument) is type(want_argument)
        assert got_argument == want_argument


CONTROL = """
llir.func @swaps(i64) -> i64 {
^entry(%n: i64):
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %c2 = llir.constant 2 : i64
  %c10 = llir.constant 10 : i64
  llir.br ^loop
^loop:
  %i = llir.phi [%c0, ^entry], [%i1, ^loop] : i64
  %x = llir.phi [%c1, ^entry], [%y, ^loop] : i64
  %y = llir.phi [%c2, ^entry], [%x, ^loop] : i64
  %i1 = llir.add %i, %c1 : i64
  %more = llir.cmp slt, %i1, %n : i64
  llir.cond_br %more, ^loop, ^done
^done:
  %x10 = llir.mul %x, %c10 : i64
  %r = llir.add %x10, %y : i64
  llir.return %r : i64
}
llir.func @sum(%a: !llir.ptr<f32>, %n: i64, %step: i64) -> f32 {
  %c0 = llir.constant 0 : i64
  %zero = llir.constant 0.0 : f32
  %s = llir.for %i = %c0 to %n step %step iter_args(%acc = %zero) -> (f32) : i64 {
    %v = llir.load %a[%i : i64] : !llir.ptr<f32> -> f32
    %next = llir.add %acc, %v : f32
    llir.yield %next : f32
  }
  llir.return %s : f32
}
llir.func @twice_sum(%a: !llir.ptr<f32>, %n: i64) -> f32 {
  %one = llir.constant 1 : i64
  %s = llir.call @sum(%a, %n, %one) : (!llir.ptr<f32>, i64, i64) -> f32
  %t = llir.add %s, %s : f32
  llir.return %t : f32
}
llir.func @vectors(%x: !llir.ptr<f32>, %m: !llir.ptr<i1>, %out: !llir.ptr<f32>) -> f32 {
  %c0 = llir.constant 0 : i64
  %c4 = llir.constant 4 : i64
  %v = llir.vload %x[%c0 : i64] : !llir.ptr<f32> -> vector<4xf32>
  %w = llir.vload %x[%c4 : i64] : !llir.ptr<f32> -> vector<4xf32>
  %p = llir.vmul %v, %w : vector<4xf32>
  %two = llir.constant 2.0 : f32
  %s = llir.splat %two : f32 to vector<4xf32>
  %q = llir.vadd %p, %s : vector<4xf32>
  llir.vstore %q, %out[%c0 : i64] : vector<4xf32>, !llir.ptr<f32>
  %b = llir.load %m[%c4 : i64] : !llir.ptr<i1> -> i1
  %r = llir.vreduce_add %q : vector<4xf32> to f32
  %neg = llir.neg %r : f32
  %res = llir.select %b, %r, %neg : f32
  %one = llir.constant 1 : i1
  %nb = llir.xor %b, %one : i1
  llir.store %nb, %m[%c0 : i64] : i1, !llir.ptr<i1>
  llir.return %res : f32
}
"""


def test_phis_loops_and_calls():
    """Phis as parallel assignments, loops with a step and empty ones, a call."""
    module = parse_module(CONTROL)
    data = np.arange(7, dtype=np.float32) / 3
    cases: list[tuple[str, tuple[Any, ...]]] = [
        ("sum", (data, 7, 2)),
        ("sum", (data, 0, 1)),
        ("twice_sum", (data, 7)),
        *(("swaps", (n,)) for n in (1, 2, 5)),
    ]
    for symbol, args in cases:
        expected = call(module, symbol, args).results
        np.testing.assert_array_equal(native.run(module, symbol, *args)[0], expected[0])


def test_vectors_and_i1_memory():
    module = parse_module(CONTROL)
    x = np.linspace(-1, 1, 8, dtype=np.float32)
    for flag in (True, False):
        arrays = [x.copy(), np.array([False, True, False, True, flag]), np.zeros(4, np.float32)]
        native_arrays = [a.copy() for a in arrays]
        expected = call(module, "vectors", arrays).results
        got = native.run(module, "vectors", *native_arrays)
        np.testing.assert_array_equal(got[0], expected[0])
        for e, g in zip(arrays, native_arrays):  # written in place, as by the interpreter
            np.testing.assert_array_equal(g, e)


FMA = """
llir.func @fma(%x: !llir.ptr<f32>, %y: !llir.ptr<f32>, %z: !llir.ptr<f32>, %out: !llir.ptr<f32>, %n: i64) {
  %c0 = llir.constant 0 : i64
  %c4 = llir.constant 4 : i64
  llir.for %i = %c0 to %n step %c4 : i64 {
    %a = llir.vload %x[%i : i64] : !llir.ptr<f32> -> vector<4xf32>
    %b = llir.vload %y[%i : i64] : !llir.ptr<f32> -> vector<4xf32>
    %c = llir.vload %z[%i : i64] : !llir.ptr<f32> -> vector<4xf32>
    %r = llir.vfma %a, %b, %c : vector<4xf32>
    llir.vstore %r, %out[%i : i64] : vector<4xf32>, !llir.ptr<f32>
  }
  llir.return
}
"""


def _exact_fma(x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    """x * y + z rounded once to f32, from exact rationals (finite operands): the exact
    value is rounded to f64 (Fraction's float() rounds to nearest), then to f32 by the
    f64 neighbours' midpoint test done in exact arithmetic, independent of the code under test."""
    results = []
    for a, b, c in zip(x.tolist(), y.tolist(), z.tolist()):
        exact = Fraction(a) * Fraction(b) + Fraction(c)
        nearest = np.float32(float(exact))
        below, above = (nearest, np.nextafter(nearest, np.float32(np.inf)))
        if Fraction(float(nearest)) > exact:
            below, above = np.nextafter(nearest, np.float32(-np.inf)), nearest
        low, high = exact - Fraction(float(below)), Fraction(float(above)) - exact
        if low < high or (low == high and not int(below.view(np.int32)) & 1):
            results.append(below)
        else:
            results.append(above)
    return np.array(results, np.float32)


def test_vector_fma_rounds_once():
    """llir.vfma natively and in the interpreter against x * y + z rounded once, on
    values whose products and sums need the single rounding (ties, cancellation,
    subnormals) and random ones."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal(64).astype(np.float32)
    y = rng.standard_normal(64).astype(np.float32)
    z = (x * y * rng.choice([-1.0, 1e-8, 3.0], 64)).astype(np.float32)
    one_ulp = np.float32(1 + 2**-23)
    x[:4] = [one_ulp, 1e-20, 3.0, -2.5]
    y[:4] = [one_ulp, 1e-20, 1 / 3, 1e-30]
    z[:4] = [-1.0, 0.0, -1.0, 1e-38]
    module = parse_module(FMA)
    expected = _exact_fma(x, y, z)
    assert not np.array_equal(expected, (x * y).astype(np.float32) + z)  # the cases need one rounding
    interpreted = np.zeros(64, np.float32)
    call(module, "fma", [x, y, z, interpreted, 64])
    compiled = np.zeros(64, np.float32)
    native.run(module, "fma", x, y, z, compiled, 64)
    np.testing.assert_array_equal(interpreted, expected)
    np.testing.assert_array_equal(compiled, expected)


VMAX = """
llir.func @vmax(%x: !llir.ptr<T>, %y: !llir.ptr<T>, %out: !llir.ptr<T>, %n: i64) {
  %c0 = llir.constant 0 : i64
  %c4 = llir.constant 4 : i64
  llir.for %i = %c0 to %n step %c4 : i64 {
    %a = llir.vload %x[%i : i64] : !llir.ptr<T> -> vector<4xT>
    %b = llir.vload %y[%i : i64] : !llir.ptr<T> -> vector<4xT>
    %r = llir.vmax %a, %b : vector<4xT>
    llir.vstore %r, %out[%i : i64] : vector<4xT>, !llir.ptr<T>
  }
  llir.return
}
"""


@pytest.mark.parametrize("element", ["f32", "f64"])
def test_vector_max_is_ieee_maximum(element: str):
    """llir.vmax natively and in the interpreter: NaN from either side propagates, +0.0
    beats -0.0 in either order, infinities and ordinary values as max; against a
    reference built from comparisons and the sign bit."""
    dtype = np.dtype(np.float32 if element == "f32" else np.float64)
    nan, inf = np.nan, np.inf
    x = np.array([nan, 1.0, -0.0, 0.0, -inf, 2.0, -3.0, inf, 5.0, nan, -0.0, 7.0], dtype)
    y = np.array([1.0, nan, 0.0, -0.0, -5.0, inf, -2.0, nan, 5.0, nan, -0.0, -7.0], dtype)
    either_nan = np.isnan(x) | np.isnan(y)
    zeros = (x == 0) & (y == 0)
    expected = np.where(
        either_nan, nan, np.where(zeros, np.where(np.signbit(x), y, x), np.where(x > y, x, y))
    )
    module = parse_module(VMAX.replace("T", element))
    interpreted, compiled = np.zeros_like(x), np.zeros_like(x)
    call(module, "vmax", [x, y, interpreted, len(x)])
    native.run(module, "vmax", x, y, compiled, len(x))
    for got in (interpreted, compiled):
        np.testing.assert_array_equal(got, expected.astype(dtype))
        np.testing.assert_array_equal(np.signbit(got), np.signbit(expected))


ERRORS = """
llir.func @divide(%a: i32, %b: i32) -> i32 {
  %q = llir.div %a, %b : i32
  llir.return %q : i32
}
llir.func @read(%p: !llir.ptr<f32>, %k: i64) -> f32 {
  %v = llir.load %p[%k : i64] : !llir.ptr<f32> -> f32
  llir.return %v : f32
}
llir.func @write(%p: !llir.ptr<f32>) {
  %c = llir.constant 1.0 : f32
  llir.store %c, %p : f32, !llir.ptr<f32>
  llir.return
}
llir.func @after_free() -> f32 {
  %b = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.free_buffer %b : !llir.ptr<f32>
  %v = llir.load %b : !llir.ptr<f32> -> f32
  llir.return %v : f32
}
llir.func @twice() {
  %b = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.free_buffer %b : !llir.ptr<f32>
  llir.free_buffer %b : !llir.ptr<f32>
  llir.return
}
llir.func @nested(%a: i32) -> i32 {
  %zero = llir.constant 0 : i32
  %q = llir.call @divide(%a, %zero) : (i32, i32) -> i32
  %one = llir.constant 1 : i32
  %r = llir.add %q, %one : i32
  llir.return %r : i32
}
"""


@pytest.mark.parametrize(
    ("symbol", "args", "check_bounds", "message"),
    [
        ("divide", (7, 0), False, "llir.div.*: integer division by zero"),
        ("nested", (7,), False, "llir.div.*: integer division by zero"),
        ("sum_step", None, False, "llir.for.*: step must be positive, got 0"),
        (
            "read",
            ("array4", 4),
            True,
            "llir.load.*: out-of-bounds read at byte 16 of a buffer of 16 bytes",
        ),
        (
            "read",
            ("array4", -1),
            True,
            "llir.load.*: out-of-bounds read at byte -4 of a buffer of 16 bytes",
        ),
        (
            "after_free",
            (),
            True,
            "llir.load.*: use after free: read of 4 bytes at byte 0 of a freed buffer",
        ),
        ("twice", (), True, "llir.free_buffer.*: double free"),
    ],
)
def test_runtime_errors(symbol: str, args: tuple[Any, ...] | None, check_bounds: bool, message: str):
    source = ERRORS + CONTROL
    if args is None:
        symbol, args = "sum", (np.zeros(4, np.float32), 4, 0)
    args = tuple(np.zeros(4, np.float32) if isinstance(a, str) else a for a in args)
    module = parse_module(source)
    with pytest.raises(InterpretationError):
        call(module, symbol, args)  # the interpreter rejects it too
    with pytest.raises(native.NativeError, match=message):
        native.run(module, symbol, *args, check_bounds=check_bounds)
    # the failure does not stick: a good call afterwards works
    assert native.run(module, "divide", 7, 2, check_bounds=check_bounds)[0] == 3


def _outlined_program() -> str:
    """@chain(p, q, n, d): q[i] = (p[i] + 70 ones) / d for i < n, in a loop of more than
    OUTLINE_OPS ops, which the native backend outlines; then q[0] = 1."""
    adds = "\n".join(f"    %a{k + 1} = llir.add %a{k}, %one : i32" for k in range(70))
    return f"""
llir.func @chain(%p: !llir.ptr<i32>, %q: !llir.ptr<i32>, %n: i64, %d: i32) {{
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %one = llir.constant 1 : i32
  llir.for %i = %c0 to %n step %c1 : i64 {{
    %a0 = llir.load %p[%i : i64] : !llir.ptr<i32> -> i32
{adds}
    %r = llir.div %a70, %d : i32
    llir.store %r, %q[%i : i64] : i32, !llir.ptr<i32>
    llir.yield
  }}
  llir.store %one, %q[%c0 : i64] : i32, !llir.ptr<i32>
  llir.return
}}
"""


def test_errors_inside_an_outlined_loop_are_reported():
    """A loop the native backend outlines into a function of its own computes what the
    interpreter does, and its run-time errors reach the caller as anywhere else."""
    module = parse_module(_outlined_program())
    loop = next(op for op in module.walk() if isinstance(op, llir.ForOp))
    assert sum(1 for _ in loop.walk()) >= OUTLINE_OPS
    p = np.arange(8, dtype=np.int32)
    expected = (p + 70) // 3
    expected[0] = 1
    for check_bounds in (False, True):
        got = np.zeros(8, np.int32)
        native.run(module, "chain", p, got, 8, 3, check_bounds=check_bounds)
        np.testing.assert_array_equal(got, expected)
        untouched = np.zeros(8, np.int32)
        with pytest.raises(native.NativeError, match="llir.div.*: integer division by zero"):
            native.run(module, "chain", p, untouched, 8, 0, check_bounds=check_bounds)
        assert not untouched.any()  # (the caller returned at once, as the interpreter stops)
    with pytest.raises(
        native.NativeError, match="llir.load.*: out-of-bounds read at byte 32 of a buffer of 32"
    ):
        native.run(module, "chain", p, np.zeros(9, np.int32), 9, 3, check_bounds=True)


def test_out_of_bounds_is_not_checked_without_check_bounds_but_in_bounds_reads_work():
    module = parse_module(ERRORS)
    data = np.arange(4, dtype=np.float32)
    assert native.run(module, "read", data, 3)[0] == 3.0
    assert native.run(module, "read", data, 3, check_bounds=True)[0] == 3.0


LOCAL_VECTOR_ACCESS = """
llir.func @local(%k: i64, %v: vector<4x{t}>) -> vector<4x{t}> {{
  %b = llir.alloc_buffer {bytes} : !llir.ptr<{t}>
  llir.vstore %v, %b[%k : i64] : vector<4x{t}>, !llir.ptr<{t}>
  %w = llir.vload %b[%k : i64] : !llir.ptr<{t}> -> vector<4x{t}>
  llir.free_buffer %b : !llir.ptr<{t}>
  llir.return %w : vector<4x{t}>
}}
"""


@pytest.mark.parametrize("element", ["f32", "f16", "i32", "i8", "f64"])
def test_vector_access_edges_with_check_bounds(element: str):
    """4 lanes over a 7-element buffer (an argument, and one llir allocates): a start
    of 3 reaches the last element and works; a start of 4 begins inside the buffer and
    ends one element past it, and -1 one before it, and each stops with the diagnostic
    naming the op, before anything is written (every lane's bytes are checked, not
    only the first one's)."""
    dtype = np.dtype(element.replace("f", "float").replace("i", "int"))
    size = dtype.itemsize
    module = parse_module((VECTOR_ACCESS + LOCAL_VECTOR_ACCESS).format(t=element, bytes=7 * size))
    data = np.arange(7).astype(dtype)
    lanes = np.array([9, 8, 7, 6], dtype)
    (got,) = native.run(module, "vload", data, 3, check_bounds=True)
    assert got.dtype == dtype
    np.testing.assert_array_equal(got, [3, 4, 5, 6])
    assert native.run(module, "vstore", data, 3, lanes, check_bounds=True) == ()
    np.testing.assert_array_equal(data, [0, 1, 2, 9, 8, 7, 6])
    np.testing.assert_array_equal(native.run(module, "local", 3, lanes, check_bounds=True)[0], lanes)
    for k in (4, -1):
        where = f"at byte {k * size} of a buffer of {7 * size} bytes"
        cases = [
            ("vload", (data, k), f"llir.vload.*: out-of-bounds read {where}"),
            ("vstore", (data, k, np.zeros(4, dtype)), f"llir.vstore.*: out-of-bounds write {where}"),
            ("local", (k, lanes), f"llir.vstore.*: out-of-bounds write {where}"),
        ]
        for symbol, args, message in cases:
            with pytest.raises(InterpretationError):
                call(module, symbol, args)  # the interpreter rejects it too
            with pytest.raises(native.NativeError, match=message):
                native.run(module, symbol, *args, check_bounds=True)
            np.testing.assert_array_equal(data, [0, 1, 2, 9, 8, 7, 6])


def test_compiled_once_per_process():
    module = parse_module(ERRORS)
    first = native.call(module, "divide", (6, 3)).compiled
    again = native.call(parse_module(ERRORS), "divide", (9, 3)).compiled
    assert first is again


def test_nnstack_run_native_one_line_diagnostics(tmp_path):
    path = tmp_path / "read.mlir"
    path.write_text(ERRORS)
    np.save(tmp_path / "p.npy", np.zeros(4, np.float32))
    np.save(tmp_path / "k.npy", np.array(9))
    base = [sys.executable, "-m", "nnstack.tools.nnstack_run", str(path), "--symbol", "read"]
    inputs = ["--input", str(tmp_path / "p.npy"), "--input", str(tmp_path / "k.npy"), "--backend", "native"]
    done = subprocess.run([*base, *inputs, "--check-bounds"], capture_output=True, text=True)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "out-of-bounds read at byte 36 of a buffer of 16 bytes" in lines[0], (
        done.stderr
    )
    assert f"llir.load at {path}:7:3:" in lines[0]
    np.save(tmp_path / "k.npy", np.array(2))
    done = subprocess.run([*base, *inputs], capture_output=True, text=True)
    assert done.returncode == 0 and "out0: float32[]" in done.stdout, done.stderr


def test_pointer_arguments_are_arrays_or_shaped_arrays():
    """A pointer argument takes a numpy array or an xDSL ShapedArray (zero-copy, as the
    interpreter does); anything else is a one-line error, not a pointer to garbage."""
    from xdsl.interpreters.shaped_array import ShapedArray
    from xdsl.interpreters.utils.ptr import TypedPtr

    program = """
llir.func @first(%p: !llir.ptr<f64>) -> f64 {
  %z = llir.constant 0 : i64
  %v = llir.load %p[%z : i64] : !llir.ptr<f64> -> f64
  llir.return %v : f64
}
"""
    shaped = ShapedArray(TypedPtr.new_float64([2.5, 1.0]), [2])
    assert native.run(program, "first", shaped) == (np.float64(2.5),)
    with pytest.raises(ValueError, match=r"argument #0: expected a numpy array for !llir.ptr<f64>, got list"):
        native.run(program, "first", [2.5, 1.0])


def test_compilation_tells_each_stage():
    """A progress callback is told each stage of a compilation as it starts, in order;
    the function compiled is the same."""
    program = parse_module(
        """
        llir.func @inc(%x: i64) -> i64 {
          %c1 = llir.constant 1 : i64
          %r = llir.add %x, %c1 : i64
          llir.return %r : i64
        }
        """
    )
    told: list[str] = []
    compiled = native.compile_function(program, "inc", opt_level=2, progress=told.append)
    assert told == [
        "lowering llir to the llvm dialect",
        "translating to LLVM IR",
        "parsing LLVM IR",
        "optimising LLVM IR (-O2)",
        "generating machine code",
    ]
    assert native.call_compiled(compiled, [41]) == (42,)
