"""The llir interpreter: control flow, loops, arithmetic semantics, vectors, layouts and
the engine (op counting, generated source, calls, external functions). Memory safety is
in test_llir_memory_safety.py, which uses the helpers here.

Each test parses a small llir module, runs one function through xDSL's
`Interpreter.call_op` with `LlirFunctions` registered, and compares with numpy or
checks the exact runtime error.
"""

from __future__ import annotations

import math
import re
from typing import Any

import numpy as np
import pytest
from rounding_cases import LLIR_OPS, REFERENCES, assert_same_floats, values
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, ModuleOp
from xdsl.interpreter import Interpreter
from xdsl.parser import Parser
from xdsl.utils.exceptions import InterpretationError

import nnstack.native
from nnstack.dialects.llir import LLIR
from nnstack.interpreters.llir import (
    LlirFunctions,
    Pointer,
    executed_op_count,
    generated_source,
    set_op_counting,
    set_progress,
    set_strict_memory,
)


def parse(text: str) -> ModuleOp:
    ctx = Context()
    ctx.load_dialect(Builtin)
    ctx.load_dialect(LLIR)
    module = Parser(ctx, text).parse_module()
    module.verify()
    return module


def interpreter(text: str, *, strict: bool = False) -> Interpreter:
    interp = Interpreter(parse(text))
    interp.register_implementations(LlirFunctions())
    set_strict_memory(interp, strict)
    return interp


def run(text: str, symbol: str, *args: Any, strict: bool = False) -> tuple[Any, ...]:
    """The interpreter's results; where they are values (not pointers), the same
    function compiled natively (nnstack.native, -O1 for speed) must give them too, on
    copies of the arguments."""
    interp = interpreter(text, strict=strict)
    results = interp.call_op(interp.get_op_for_symbol(symbol), args)
    if not any(isinstance(value, Pointer) for value in (*args, *results)):
        copies = [np.copy(a) if isinstance(a, np.ndarray) else a for a in args]
        native = nnstack.native.run(parse(text), symbol, *copies, opt_level=1)
        for got, want in zip(native, results, strict=True):
            np.testing.assert_array_equal(np.asarray(got), np.asarray(want), err_msg=f"@{symbol} natively")
    return results


def fails(text: str, symbol: str, *args: Any, message: str, strict: bool = False) -> None:
    with pytest.raises(InterpretationError, match=re.escape(message)):
        run(text, symbol, *args, strict=strict)


def f32_sum(values: np.ndarray) -> np.float32:
    """Sequential f32 sum, as the interpreter computes it."""
    total = np.float32(0)
    for value in values:
        total = np.float32(total + value)
    return total


# ---------------------------------------------------------------------------
# Control flow and loops
# ---------------------------------------------------------------------------

SUM_PHI = """
llir.func @sum(!llir.ptr<f32>, i64) -> f32 {
^entry(%a: !llir.ptr<f32>, %n: i64):
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %zero = llir.constant 0.0 : f32
  llir.br ^header
^header:
  %i = llir.phi [%c0, ^entry], [%next, ^body] : i64
  %acc = llir.phi [%zero, ^entry], [%s, ^body] : f32
  %more = llir.cmp slt, %i, %n : i64
  llir.cond_br %more, ^body, ^exit
^body:
  %x = llir.load %a[%i : i64] : !llir.ptr<f32> -> f32
  %s = llir.add %acc, %x : f32
  %next = llir.add %i, %c1 : i64
  llir.br ^header
^exit:
  llir.return %acc : f32
}
"""

SUM_FOR = """
llir.func @sum(%a: !llir.ptr<f32>, %n: i64) -> f32 {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %zero = llir.constant 0.0 : f32
  %sum = llir.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i64 {
    %x = llir.load %a[%i : i64] : !llir.ptr<f32> -> f32
    %s = llir.add %acc, %x : f32
    llir.yield %s : f32
  }
  llir.return %sum : f32
}
"""


@pytest.mark.parametrize("program", [SUM_PHI, SUM_FOR], ids=["phi", "for"])
def test_sum_array(program: str):
    values = np.random.default_rng(0).standard_normal(1000).astype(np.float32)
    (result,) = run(program, "sum", values, len(values))
    assert isinstance(result, np.float32)
    assert result == f32_sum(values)
    assert run(program, "sum", values, 0) == (np.float32(0),)


def test_phis_are_parallel_assignments():
    """Phis that read each other (a swap) all take their values from the same edge."""
    program = """
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
    """
    assert run(program, "swaps", 1) == (12,)
    assert run(program, "swaps", 2) == (21,)
    assert run(program, "swaps", 5) == (12,)


def test_nested_loops_with_step_and_empty_range():
    program = """
    llir.func @count(%n: i32, %step: i32) -> i32 {
      %c0 = llir.constant 0 : i32
      %c1 = llir.constant 1 : i32
      %total = llir.for %i = %c0 to %n step %step iter_args(%outer = %c0) -> (i32) : i32 {
        %inner = llir.for %j = %i to %n step %c1 iter_args(%acc = %outer) -> (i32) : i32 {
          %next = llir.add %acc, %c1 : i32
          llir.yield %next : i32
        }
        llir.yield %inner : i32
      }
      llir.return %total : i32
    }
    """
    assert run(program, "count", 10, 3) == (sum(10 - i for i in range(0, 10, 3)),)
    assert run(program, "count", 0, 1) == (0,)
    fails(program, "count", 10, 0, message="llir.for: step must be positive, got 0")


def test_call_passes_and_returns_pointers():
    program = """
    llir.func @offset(%p: !llir.ptr<i32>, %k: i64) -> !llir.ptr<i32> {
      %q = llir.ptradd %p, %k : !llir.ptr<i32>, i64
      llir.return %q : !llir.ptr<i32>
    }
    llir.func @main(%p: !llir.ptr<i32>) -> i32 {
      %c2 = llir.constant 2 : i64
      %q = llir.call @offset(%p, %c2) : (!llir.ptr<i32>, i64) -> !llir.ptr<i32>
      %x = llir.load %q : !llir.ptr<i32> -> i32
      llir.return %x : i32
    }
    """
    data = np.array([5, 6, 7, 8], np.int32)
    assert run(program, "main", data) == (7,)
    (pointer,) = run(program, "offset", data, 3)
    assert isinstance(pointer, Pointer) and pointer.offset == 12


# ---------------------------------------------------------------------------
# Arithmetic semantics
# ---------------------------------------------------------------------------

INT_OPS = """
llir.func @op_{name}(%a: {t}, %b: {t}) -> {t} {{
  %r = llir.{name} %a, %b : {t}
  llir.return %r : {t}
}}
"""


def int_op(name: str, typ: str, a: int, b: int) -> int:
    return run(INT_OPS.format(name=name, t=typ), f"op_{name}", a, b)[0]


def test_integer_arithmetic_wraps_and_truncates():
    assert int_op("add", "i8", 127, 1) == -128
    assert int_op("mul", "i32", 1 << 20, 1 << 12) == 0
    assert int_op("sub", "i64", -(1 << 63), 1) == (1 << 63) - 1
    assert int_op("div", "i32", -7, 2) == -3
    assert int_op("rem", "i32", -7, 2) == -1
    assert int_op("div", "i8", -128, -1) == -128
    assert int_op("min", "i16", -5, 3) == -5
    assert int_op("max", "i16", -5, 3) == 3
    assert int_op("shl", "i8", 1, 7) == -128
    assert int_op("shr", "i8", -128, 7) == -1
    assert int_op("xor", "i1", 1, 1) == 0
    assert int_op("add", "i1", 1, 1) == 0
    assert int_op("min", "i1", 0, 1) == 1  # signed: true is -1
    assert int_op("max", "i1", 0, 1) == 0


def test_integer_errors():
    with pytest.raises(InterpretationError, match="llir.div: integer division by zero"):
        int_op("div", "i32", 1, 0)
    with pytest.raises(InterpretationError, match="llir.shl: shift amount 32 is out of range"):
        int_op("shl", "i32", 1, 32)


def test_comparisons_and_select():
    program = """
    llir.func @cmp(%a: i8, %b: i8, %x: f32, %y: f32) -> i32 {
      %ult = llir.cmp ult, %a, %b : i8
      %slt = llir.cmp slt, %a, %b : i8
      %uno = llir.cmp uno, %x, %y : f32
      %olt = llir.cmp olt, %x, %y : f32
      %c1 = llir.constant 1 : i32
      %c2 = llir.constant 2 : i32
      %c4 = llir.constant 4 : i32
      %c8 = llir.constant 8 : i32
      %zero = llir.constant 0 : i32
      %r1 = llir.select %ult, %c1, %zero : i32
      %r2 = llir.select %slt, %c2, %zero : i32
      %r4 = llir.select %uno, %c4, %zero : i32
      %r8 = llir.select %olt, %c8, %zero : i32
      %s1 = llir.or %r1, %r2 : i32
      %s2 = llir.or %r4, %r8 : i32
      %s = llir.or %s1, %s2 : i32
      llir.return %s : i32
    }
    """
    assert run(program, "cmp", -1, 1, 1.0, 2.0) == (2 | 8,)  # 0xff >u 1, -1 <s 1
    assert run(program, "cmp", 1, -1, float("nan"), 2.0) == (1 | 4,)


def test_float_semantics_are_ieee_f32():
    program = """
    llir.func @f(%a: f32, %b: f32) -> f32 {
      %s = llir.add %a, %b : f32
      llir.return %s : f32
    }
    llir.func @div(%a: f32, %b: f32) -> f32 {
      %q = llir.div %a, %b : f32
      llir.return %q : f32
    }
    llir.func @min(%a: f64, %b: f64) -> f64 {
      %m = llir.min %a, %b : f64
      llir.return %m : f64
    }
    llir.func @sqrt(%a: f16) -> f16 {
      %r = llir.sqrt %a : f16
      llir.return %r : f16
    }
    """
    assert run(program, "f", 16777216.0, 1.0) == (np.float32(16777216.0),)
    assert run(program, "f", 0.1, 0.2) == (np.float32(0.1) + np.float32(0.2),)
    assert run(program, "f", 3e38, 3e38) == (np.float32(np.inf),)
    assert run(program, "div", 1.0, 0.0) == (np.float32(np.inf),)
    assert run(program, "div", -1.0, 0.0) == (np.float32(-np.inf),)
    assert np.isnan(run(program, "div", 0.0, 0.0)[0])
    assert np.isnan(run(program, "min", float("nan"), 1.0)[0])
    assert np.isnan(run(program, "min", 1.0, float("nan"))[0])
    assert np.signbit(run(program, "min", 0.0, -0.0)[0])
    (root,) = run(program, "sqrt", 2.0)
    assert isinstance(root, np.float16) and root == np.sqrt(np.float16(2.0))


MATH = (
    "".join(
        f"llir.func @math_{name}(%x: f32) -> f32 {{\n  %r = llir.{name} %x : f32\n  llir.return %r : f32\n}}\n"
        for name in ("sin", "cos", "tanh", "erf")
    )
    + """
llir.func @math_pow(%a: f64, %b: f64) -> f64 {
  %p = llir.pow %a, %b : f64
  llir.return %p : f64
}
"""
)


@pytest.mark.parametrize("x", [0.5, -2.25, 1e-30, 40.0, float("inf"), float("-inf"), float("nan")])
def test_math_functions_match_libm_rounded_to_f32(x: float):
    """sin, cos, tanh, erf: libm's value in f64 rounded once to f32 (numpy's f64
    sin / cos / tanh and math.erf as the reference); sin and cos of inf are NaN."""
    got = [run(MATH, f"math_{name}", x)[0] for name in ("sin", "cos", "tanh", "erf")]
    with np.errstate(all="ignore"):
        expected = [np.sin(x), np.cos(x), np.tanh(x), math.erf(x)]
    for value, reference in zip(got, expected):
        assert isinstance(value, np.float32)
        np.testing.assert_array_equal(value, np.float32(reference))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64], ids=["f16", "f32", "f64"])
@pytest.mark.parametrize("op", sorted(REFERENCES))
def test_rounding_is_exact(op: str, dtype: type):
    """floor (ceil, round half to even) of each value in its type, with the sign of
    zero kept, natively too: numpy's bits."""
    t = {np.float16: "f16", np.float32: "f32", np.float64: "f64"}[dtype]
    program = (
        f"llir.func @f(%x: {t}) -> {t} {{\n  %r = llir.{LLIR_OPS[op]} %x : {t}\n  llir.return %r : {t}\n}}\n"
    )
    for x in values(dtype):
        (got,) = run(program, "f", x)
        assert_same_floats(got, REFERENCES[op](x), f"llir.{LLIR_OPS[op]}({x!r})")


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [(2.0, 10.0, 1024.0), (-8.0, 1 / 3, math.nan), (-2.0, 3.0, -8.0), (0.0, -1.0, math.inf),
     (-0.0, -3.0, -math.inf), (1.0, math.nan, 1.0), (math.nan, 0.0, 1.0), (10.0, 400.0, math.inf)],
)  # fmt: skip
def test_pow_follows_c(a: float, b: float, expected: float):
    """pow's IEEE / C99 special cases (Annex F), written out, not computed."""
    (got,) = run(MATH, "math_pow", a, b)
    np.testing.assert_array_equal(got, np.float64(expected))


def test_conversions():
    program = """
    llir.func @conv(%i: i64, %f: f64) -> f32 {
      %a = llir.sitofp %i : i64 to f32
      %b = llir.fptrunc %f : f64 to f32
      %s = llir.add %a, %b : f32
      llir.return %s : f32
    }
    llir.func @toint(%f: f32) -> i8 {
      %i = llir.fptosi %f : f32 to i8
      llir.return %i : i8
    }
    llir.func @ints(%x: i8) -> i64 {
      %t = llir.trunc %x : i8 to i1
      %z = llir.zext %x : i8 to i32
      %s = llir.sext %t : i1 to i64
      %zz = llir.sext %z : i32 to i64
      %r = llir.add %s, %zz : i64
      llir.return %r : i64
    }
    """
    # Rounded once to f32 (numpy's int -> f64 -> f32 would give 2**62).
    assert run(program, "conv", 2**62 + 2**38 + 1, 0.0) == (np.float32(2**62 + 2**39),)
    assert run(program, "conv", 3, 0.5) == (np.float32(3.5),)
    assert run(program, "toint", -7.9) == (-7,)
    fails(program, "toint", 300.0, message="llir.fptosi: 300.0 does not fit i8")
    assert run(program, "ints", -1) == (-1 + 255,)


# ---------------------------------------------------------------------------
# Vectors
# ---------------------------------------------------------------------------

VECTOR = """
llir.func @axpy{w}(%x: !llir.ptr<f32>, %y: !llir.ptr<f32>, %out: !llir.ptr<f32>,
                   %alpha: f32, %n: i64) -> f32 {{
  %c0 = llir.constant 0 : i64
  %cw = llir.constant {w} : i64
  %a = llir.splat %alpha : f32 to vector<{w}xf32>
  %zeros = llir.constant dense<0.0> : vector<{w}xf32>
  %total = llir.for %i = %c0 to %n step %cw iter_args(%acc = %zeros) -> (vector<{w}xf32>) : i64 {{
    %vx = llir.vload %x[%i : i64] : !llir.ptr<f32> -> vector<{w}xf32>
    %vy = llir.vload %y[%i : i64] : !llir.ptr<f32> -> vector<{w}xf32>
    %ax = llir.vmul %a, %vx : vector<{w}xf32>
    %r = llir.vadd %ax, %vy : vector<{w}xf32>
    llir.vstore %r, %out[%i : i64] : vector<{w}xf32>, !llir.ptr<f32>
    %next = llir.vadd %acc, %r : vector<{w}xf32>
    llir.yield %next : vector<{w}xf32>
  }}
  %sum = llir.vreduce_add %total : vector<{w}xf32> to f32
  llir.return %sum : f32
}}
"""


@pytest.mark.parametrize("width", [4, 8])
def test_vector_ops(width: int):
    rng = np.random.default_rng(width)
    x, y = (rng.standard_normal(32).astype(np.float32) for _ in range(2))
    out = np.zeros(32, np.float32)
    (total,) = run(VECTOR.format(w=width), f"axpy{width}", x, y, out, 2.5, 32)
    expected = np.float32(2.5) * x + y
    np.testing.assert_array_equal(out, expected)
    lanes = np.zeros(width, np.float32)
    for start in range(0, 32, width):
        lanes = lanes + expected[start : start + width]
    assert total == f32_sum(lanes)


def test_vector_access_out_of_bounds():
    fails(
        VECTOR.format(w=8),
        "axpy8",
        np.zeros(12, np.float32),
        np.zeros(16, np.float32),
        np.zeros(16, np.float32),
        1.0,
        16,
        message="llir.vload: out-of-bounds read of 32 bytes at buffer #0 + 32 (size 48)",
    )


def test_vector_arguments_and_results():
    program = """
    llir.func @twice(%v: vector<4xi32>) -> vector<4xi32> {
      %r = llir.vadd %v, %v : vector<4xi32>
      llir.return %r : vector<4xi32>
    }
    """
    (result,) = run(program, "twice", np.array([1, -2, 2**30, 4], np.int32))
    np.testing.assert_array_equal(result, np.array([2, -4, -(2**31), 8], np.int32))


# ---------------------------------------------------------------------------
# Layouts
# ---------------------------------------------------------------------------

TRANSPOSE = """
llir.func {layout} @copy(%src: !llir.ptr<f32>, %dst: !llir.ptr<f32>) {{
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %rows = llir.constant 3 : i64
  %cols = llir.constant 4 : i64
  llir.for %i = %c0 to %rows step %c1 : i64 {{
    llir.for %j = %c0 to %cols step %c1 : i64 {{
      {offset}
      %x = llir.load %src[%k : i64] : !llir.ptr<f32> -> f32
      llir.store %x, %dst[%k : i64] : f32, !llir.ptr<f32>
    }}
  }}
  llir.return
}}
"""
ROW_MAJOR_OFFSET = "%ic = llir.mul %i, %cols : i64\n      %k = llir.add %ic, %j : i64"
COLUMN_MAJOR_OFFSET = "%jr = llir.mul %j, %rows : i64\n      %k = llir.add %jr, %i : i64"


@pytest.mark.parametrize(
    "layout, offset, order",
    [("row_major", ROW_MAJOR_OFFSET, "C"), ("column_major", COLUMN_MAJOR_OFFSET, "F")],
)
def test_layout_address_computation(layout: str, offset: str, order: str):
    """`A[i, j]` at `i * cols + j` (row-major) or `j * rows + i` (column-major)."""
    src = np.asarray(np.arange(12, dtype=np.float32).reshape(3, 4), order=order)
    dst = np.zeros((3, 4), np.float32, order=order)
    interp = interpreter(TRANSPOSE.format(layout=layout, offset=offset))
    func = interp.get_op_for_symbol("copy")
    assert func.memory_layout == layout
    interp.call_op(func, (src, dst))
    np.testing.assert_array_equal(dst, src)
    assert dst.flags[f"{order}_CONTIGUOUS"]


# ---------------------------------------------------------------------------
# Engine
# ---------------------------------------------------------------------------


def test_op_counting_and_generated_source():
    interp = interpreter(SUM_FOR)
    set_op_counting(interp)
    interp.call_op("sum", (np.ones(10, np.float32), 10))
    # 3 constants + for + return, then load, add, yield per iteration
    assert executed_op_count(interp) == 5 + 3 * 10
    source = generated_source(interp, interp.get_op_for_symbol("sum"))
    assert source.startswith("def _llir_function(v1, v2):  # llir.func @sum") and "for " in source


def test_progress_tells_the_ops_run_so_far():
    """With a progress callback, the count of ops run is told as each block and loop body
    starts (here every time: no interval, a stride of one op); code compiled without one
    counts nothing, and a callback set to None stops it."""
    interp = interpreter(SUM_FOR)
    told: list[str] = []
    set_progress(interp, told.append, interval=0.0, stride=1)
    result = interp.call_op("sum", (np.arange(10, dtype=np.float32), 10))
    assert result == (45.0,)
    # the entry block's 5 ops (3 constants, the for, the return), then 3 per iteration
    assert told == [f"{5 + 3 * k} llir ops" for k in range(11)]
    func = interp.get_op_for_symbol("sum")
    assert "_progress_tick" in generated_source(interp, func)
    set_progress(interp, None)
    interp.call_op("sum", (np.ones(10, np.float32), 10))
    assert len(told) == 11 and "_pc" not in generated_source(interp, func)
    quiet = interpreter(SUM_FOR)
    assert "_pc" not in generated_source(quiet, quiet.get_op_for_symbol("sum"))


def test_llir_call_from_outside_llir_functions():
    program = """
    llir.func @inc(%x: i64) -> i64 {
      %c1 = llir.constant 1 : i64
      %r = llir.add %x, %c1 : i64
      llir.return %r : i64
    }
    func.func @main(%x: i64) -> i64 {
      %r = llir.call @inc(%x) : (i64) -> i64
      func.return %r : i64
    }
    """
    from xdsl.dialects.func import Func
    from xdsl.interpreters.func import FuncFunctions

    ctx = Context()
    for dialect in (Builtin, LLIR, Func):
        ctx.load_dialect(dialect)
    interp = Interpreter(Parser(ctx, program).parse_module())
    interp.register_implementations(LlirFunctions())
    interp.register_implementations(FuncFunctions())
    assert interp.call_op("main", (41,)) == (42,)


def test_float_abs_and_rem_of_infinity():
    """llir.abs of a float is |x| (not -x), and llir.rem of an infinite dividend is NaN
    as C's fmod gives (Python's `math.fmod` would raise instead)."""
    program = """
    llir.func @abs(%a: f32) -> f32 {
      %r = llir.abs %a : f32
      llir.return %r : f32
    }
    llir.func @rem(%a: f64, %b: f64) -> f64 {
      %r = llir.rem %a, %b : f64
      llir.return %r : f64
    }
    """
    assert run(program, "abs", -2.5) == (np.float32(2.5),)
    assert run(program, "abs", 3.0) == (np.float32(3.0),)
    assert np.isnan(run(program, "rem", math.inf, 2.0)[0])
    assert run(program, "rem", 7.5, 2.0) == (np.float64(1.5),)


def test_a_declared_function_runs_its_external_implementation():
    """Calling an llir.func declaration (no body) runs the external implementation
    registered under its name, which gets the declaration op (for its type) and the
    arguments, as xDSL's `impl_external` promises."""
    from xdsl.interpreter import InterpreterFunctions, impl_external, register_impls

    seen: list[Any] = []

    @register_impls
    class Externals(InterpreterFunctions):
        @impl_external("ext")
        def ext(self, interpreter: Interpreter, op: Any, args: tuple[Any, ...]) -> tuple[Any, ...]:
            seen.append(op)
            return (args[0] * 2,)

    interp = interpreter("llir.func @ext(i64) -> i64")
    interp.register_implementations(Externals())
    declaration = interp.get_op_for_symbol("ext")
    assert interp.call_op(declaration, (21,)) == (42,)
    assert seen == [declaration]
