"""Every runtime bounds check of the interpreters, exactly at its edge.

For each checked access (llir scalar and vector loads and stores, llir.memcpy, the
linalg interpreter's operand views, tensor.extract / insert and their slices,
memref.subview and spensor.subview) the last valid position works and gives the
right element, and one past it, and one before zero, fail with the diagnostic that
names the op. An off-by-one in a check is caught here: a large overrun would pass
a check that is one element too generous.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
from llir_programs import VECTOR_ACCESS
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin
from xdsl.interpreter import Interpreter
from xdsl.parser import Parser
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects.llir import LLIR
from nnstack.interpreters import run
from nnstack.interpreters.llir import LlirFunctions


def run_llir(text: str, symbol: str, *args: Any) -> tuple[Any, ...]:
    ctx = Context()
    ctx.load_dialect(Builtin)
    ctx.load_dialect(LLIR)
    module = Parser(ctx, text).parse_module()
    module.verify()
    interp = Interpreter(module)
    interp.register_implementations(LlirFunctions())
    return interp.call_op(interp.get_op_for_symbol(symbol), args)


def fails(message: str, function: Any, *args: Any) -> None:
    with pytest.raises(InterpretationError, match=re.escape(message)):
        function(*args)


# ---------------------------------------------------------------------------
# llir: scalar and vector accesses, memcpy
# ---------------------------------------------------------------------------

SCALAR = """
llir.func @load(%p: !llir.ptr<{t}>, %k: i64, %shift: i64) -> {t} {{
  %q = llir.ptradd %p, %shift : !llir.ptr<{t}>, i64
  %x = llir.load %q[%k : i64] : !llir.ptr<{t}> -> {t}
  llir.return %x : {t}
}}
llir.func @store(%p: !llir.ptr<{t}>, %k: i64, %shift: i64, %x: {t}) {{
  %q = llir.ptradd %p, %shift : !llir.ptr<{t}>, i64
  llir.store %x, %q[%k : i64] : {t}, !llir.ptr<{t}>
  llir.return
}}
llir.func @load_at(%p: !llir.ptr<{t}>, %k: i64) -> {t} {{
  %q = llir.ptradd %p, %k : !llir.ptr<{t}>, i64
  %x = llir.load %q : !llir.ptr<{t}> -> {t}
  llir.return %x : {t}
}}
"""
ELEMENTS = {"f32": np.float32, "f16": np.float16, "i8": np.int8, "i64": np.int64}


@pytest.mark.parametrize("element", sorted(ELEMENTS))
@pytest.mark.parametrize("shift", [0, 2], ids=["base", "shifted"])
def test_llir_scalar_access_edges(element: str, shift: int):
    """A 5-element buffer, seen through a pointer `shift` elements in: element index
    4 - shift is the last one; the offsets in the message count from the buffer's base."""
    dtype = ELEMENTS[element]
    size = np.dtype(dtype).itemsize
    program = SCALAR.format(t=element)
    data = np.arange(1, 6).astype(dtype)
    last = 4 - shift
    assert run_llir(program, "load", data, last, shift) == (data[4],)
    run_llir(program, "store", data, last, shift, dtype(-7))
    assert data[4] == -7 and list(data[:4]) == [1, 2, 3, 4]
    for k in (last + 1, -shift - 1):
        at = (k + shift) * size
        for kind, call in (
            ("read", ("load", data, k, shift)),
            ("write", ("store", data, k, shift, dtype(0))),
        ):
            message = f"llir.{'load' if kind == 'read' else 'store'}: out-of-bounds {kind} of {size} bytes at buffer #0 + {at} (size {5 * size})"
            fails(message, run_llir, program, *call)
    assert list(data) == [1, 2, 3, 4, -7]
    data.flags.writeable = False
    message = f"llir.store: write to read-only buffer at buffer #0 + {4 * size}"
    fails(message, run_llir, program, "store", data, last, shift, dtype(0))


@pytest.mark.parametrize("element", sorted(ELEMENTS))
def test_llir_access_through_a_pointer_past_the_end(element: str):
    """A pointer may point one past the end (ptradd does not check), but not be read."""
    dtype = ELEMENTS[element]
    size = np.dtype(dtype).itemsize
    program = SCALAR.format(t=element)
    data = np.arange(1, 5).astype(dtype)
    assert run_llir(program, "load_at", data, 3) == (data[3],)
    for k in (4, -1):
        message = f"llir.load: out-of-bounds read of {size} bytes at buffer #0 + {k * size} (size {4 * size})"
        fails(message, run_llir, program, "load_at", data, k)


@pytest.mark.parametrize("element", ["f32", "f16", "i32"])
def test_llir_vector_access_edges(element: str):
    """4 lanes over a 7-element buffer: lanes 3..6 are the last in bounds; a start of 4
    reaches one element past the end, -1 one before the start."""
    dtype = np.dtype(element.replace("f", "float").replace("i", "int"))
    size = dtype.itemsize
    program = VECTOR_ACCESS.format(t=element)
    data = np.arange(7).astype(dtype)
    (lanes,) = run_llir(program, "vload", data, 3)
    np.testing.assert_array_equal(lanes, [3, 4, 5, 6])
    run_llir(program, "vstore", data, 3, np.array([9, 8, 7, 6], dtype))
    np.testing.assert_array_equal(data, [0, 1, 2, 9, 8, 7, 6])
    for k in (4, -1):
        fails(
            f"llir.vload: out-of-bounds read of {4 * size} bytes at buffer #0 + {k * size} (size {7 * size})",
            run_llir,
            program,
            "vload",
            data,
            k,
        )
        fails(
            f"llir.vstore: out-of-bounds write of {4 * size} bytes at buffer #0 + {k * size} (size {7 * size})",
            run_llir,
            program,
            "vstore",
            data,
            k,
            np.zeros(4, dtype),
        )
    np.testing.assert_array_equal(data, [0, 1, 2, 9, 8, 7, 6])


MEMCPY = """
llir.func @copy(%dst: !llir.ptr<i8>, %src: !llir.ptr<i8>, %d: i64, %s: i64, %n: i64) {
  %q = llir.ptradd %dst, %d : !llir.ptr<i8>, i64
  %r = llir.ptradd %src, %s : !llir.ptr<i8>, i64
  llir.memcpy %q, %r, %n : !llir.ptr<i8>, !llir.ptr<i8>, i64
  llir.return
}
"""


@pytest.mark.parametrize(
    "d, s, n",
    [(0, 0, 8), (3, 0, 5), (0, 3, 5), (8, 8, 0)],
    ids=["whole", "to-dst-end", "from-src-end", "empty-at-end"],
)
def test_llir_memcpy_up_to_the_end(d: int, s: int, n: int):
    dst, src = np.zeros(8, np.int8), np.arange(1, 9, dtype=np.int8)
    run_llir(MEMCPY, "copy", dst, src, d, s, n)
    expected = np.zeros(8, np.int8)
    expected[d : d + n] = src[s : s + n]
    np.testing.assert_array_equal(dst, expected)


@pytest.mark.parametrize(
    "d, s, n, message",
    [
        (4, 0, 5, "out-of-bounds write of 5 bytes at buffer #0 + 4 (size 8)"),
        (0, 4, 5, "out-of-bounds read of 5 bytes at buffer #1 + 4 (size 8)"),
        (0, 0, 9, "out-of-bounds read of 9 bytes at buffer #1 + 0 (size 8)"),
        (-1, 0, 1, "out-of-bounds write of 1 bytes at buffer #0 + -1 (size 8)"),
        (0, -1, 1, "out-of-bounds read of 1 bytes at buffer #1 + -1 (size 8)"),
        (9, 0, 0, "out-of-bounds write of 0 bytes at buffer #0 + 9 (size 8)"),
        (0, 0, -1, "negative size -1"),
    ],
    ids=[
        "dst-one-past",
        "src-one-past",
        "size-one-past",
        "dst-before",
        "src-before",
        "dst-beyond-end",
        "size",
    ],
)
def test_llir_memcpy_one_byte_out(d: int, s: int, n: int, message: str):
    dst, src = np.zeros(8, np.int8), np.arange(1, 9, dtype=np.int8)
    fails(f"llir.memcpy: {message}", run_llir, MEMCPY, "copy", dst, src, d, s, n)
    np.testing.assert_array_equal(dst, np.zeros(8))


# ---------------------------------------------------------------------------
# linalg: the operand views of linalg.generic
# ---------------------------------------------------------------------------

GENERIC = """
func.func @f(%x: tensor<?xf32>) -> tensor<{m}xf32> {{
  %e = tensor.empty() : tensor<{m}xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(d0) -> ({expr})>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}}
       ins(%x : tensor<?xf32>) outs(%e : tensor<{m}xf32>) {{
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }} -> tensor<{m}xf32>
  func.return %r : tensor<{m}xf32>
}}
"""


@pytest.mark.parametrize(
    "expr, n, m, reads",
    [
        ("d0 + 1", 4, 3, [1, 2, 3]),
        ("d0 - 1", 4, 3, None),
        ("d0 + 1", 4, 4, None),
        ("d0 * 2 + 1", 8, 4, [1, 3, 5, 7]),
        ("d0 * 2 + 1", 8, 5, None),
        ("d0 * 2 + 1", 7, 4, None),
        ("-d0 + 3", 4, 4, [3, 2, 1, 0]),
        ("-d0 + 4", 4, 4, None),
        ("-d0 + 2", 4, 4, None),
        ("d0 floordiv 2", 4, 8, [0, 0, 1, 1, 2, 2, 3, 3]),
        ("d0 floordiv 2", 4, 9, None),
        ("d0 floordiv 2 - 1", 4, 8, None),
        ("d0 mod 4", 4, 6, [0, 1, 2, 3, 0, 1]),
        ("d0 mod 5", 4, 5, None),
    ],
)
def test_linalg_view_edges(expr: str, n: int, m: int, reads: list[int] | None):
    """`x[map(d0)]` for d0 in [0, m): linear maps take the strided view, floordiv and mod
    the gathered one; both check the lowest and the highest index reached. The input is
    dynamic: with a static shape the verifier rejects these maps before they run."""
    x = np.arange(n, dtype=np.float32) + 10
    program = GENERIC.format(expr=expr, m=m)
    if reads is not None:
        (result,) = run(program, "f", x)
        np.testing.assert_array_equal(result, x[reads])
    else:
        with pytest.raises(
            InterpretationError,
            match=rf"linalg.generic: operand #0 of shape \[{n}\] is accessed out of bounds by \(d0\) -> ",
        ):
            run(program, "f", x)


CONV_1D = """
func.func @f(%x: tensor<?xf32>) -> tensor<3xf32> {{
  %e = tensor.empty() : tensor<3xf32>
  %z = arith.constant 0.0 : f32
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %k = tensor.empty() : tensor<{k}xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0 * 2 + d1)>, affine_map<(d0, d1) -> (d1)>,
                                        affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}}
       ins(%x, %k : tensor<?xf32>, tensor<{k}xf32>) outs(%init : tensor<3xf32>) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  }} -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}}
"""


def test_linalg_view_of_a_map_over_two_loop_dims():
    """A stride-2 window of 3 over 3 outputs reaches index 2 * 2 + 2 = 6: a 7-element
    input is just enough, a 6-element one is one short."""
    x = np.arange(7, dtype=np.float32)
    (result,) = run(CONV_1D.format(k=3), "f", x)
    np.testing.assert_array_equal(result, [x[0:3].sum(), x[2:5].sum(), x[4:7].sum()])
    with pytest.raises(InterpretationError, match=r"operand #0 of shape \[6\] is accessed out of bounds"):
        run(CONV_1D.format(k=3), "f", x[:6])


# ---------------------------------------------------------------------------
# tensor.extract / insert and their slices
# ---------------------------------------------------------------------------

EXTRACT_INSERT = """
func.func @extract(%x: tensor<2x3xf32>, %i: index, %j: index) -> f32 {
  %a = tensor.extract %x[%i, %j] : tensor<2x3xf32>
  func.return %a : f32
}
func.func @insert(%x: tensor<2x3xf32>, %i: index, %j: index) -> tensor<2x3xf32> {
  %v = arith.constant -1.0 : f32
  %b = tensor.insert %v into %x[%i, %j] : tensor<2x3xf32>
  func.return %b : tensor<2x3xf32>
}
"""


@pytest.mark.parametrize("axis", [0, 1])
def test_tensor_extract_and_insert_edges(axis: int):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    assert run(EXTRACT_INSERT, "extract", x, 1, 2) == (5.0,)
    (inserted,) = run(EXTRACT_INSERT, "insert", x, 1, 2)
    assert inserted[1, 2] == -1 and x[1, 2] == 5
    size = x.shape[axis]
    for bad in (size, -1):
        index = [1, 2]
        index[axis] = bad
        for op in ("extract", "insert"):
            message = (
                f"tensor.{op}: index {bad} out of range for dim {axis} of size {size} (tensor shape [2, 3])"
            )
            fails(message, run, EXTRACT_INSERT, op, x, *index)


SLICES = """
func.func @extract(%x: tensor<7xf32>, %o: index) -> tensor<3xf32> {
  %s = tensor.extract_slice %x[%o] [3] [2] : tensor<7xf32> to tensor<3xf32>
  func.return %s : tensor<3xf32>
}
func.func @insert(%x: tensor<7xf32>, %o: index) -> tensor<7xf32> {
  %v = arith.constant dense<[-1.0, -2.0, -3.0]> : tensor<3xf32>
  %s = tensor.insert_slice %v into %x[%o] [3] [2] : tensor<3xf32> into tensor<7xf32>
  func.return %s : tensor<7xf32>
}
"""


def test_tensor_slice_edges():
    """3 elements at stride 2 in 7: offset 2 reaches 6, the last element; 3 reaches 7."""
    x = np.arange(7, dtype=np.float32)
    (part,) = run(SLICES, "extract", x, 2)
    np.testing.assert_array_equal(part, [2, 4, 6])
    (whole,) = run(SLICES, "insert", x, 2)
    np.testing.assert_array_equal(whole, [0, 1, -1, 3, -2, 5, -3])
    for op in ("extract_slice", "insert_slice"):
        symbol = op.split("_")[0]
        fails(f"tensor.{op}: slice offsets [3] sizes [3] strides [2] run out", run, SLICES, symbol, x, 3)
        fails(f"tensor.{op}: offsets [-1] and strides [2] must be positive", run, SLICES, symbol, x, -1)


# ---------------------------------------------------------------------------
# memref.subview (spensor.subview: tests/spensor/test_spensor_interpreter.py)
# ---------------------------------------------------------------------------

MEMREF_SUBVIEW = """
func.func @f(%m: memref<3x7xf32>, %i: index, %o: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %v = memref.subview %m[%i, %o] [1, 3] [1, 2] : memref<3x7xf32> to memref<3xf32, strided<[2], offset: ?>>
  %x = memref.load %v[%c2] : memref<3xf32, strided<[2], offset: ?>>
  func.return %x : f32
}
"""


def test_memref_subview_edges():
    """Row i, columns o, o + 2, o + 4: (2, 2) is the last corner; row 3 or column
    offset 3 reach one past; -1 is before the start."""
    m = np.arange(21, dtype=np.float32).reshape(3, 7)
    assert run(MEMREF_SUBVIEW, "f", m, 2, 2) == (m[2, 6],)
    for i, o in ((3, 0), (0, 3), (-1, 0), (0, -1)):
        fails(
            f"memref.subview: slice offsets [{i}, {o}] sizes [1, 3] strides [1, 2] run out",
            run,
            MEMREF_SUBVIEW,
            "f",
            m,
            i,
            o,
        )


DYNAMIC_SLICE = """
func.func @f(%x: tensor<9xf32>, %o: index, %n: index, %s: index) -> tensor<?xf32> {
  %v = tensor.extract_slice %x[%o] [%n] [%s] : tensor<9xf32> to tensor<?xf32>
  func.return %v : tensor<?xf32>
}
"""


def test_tensor_slice_with_dynamic_offsets_sizes_and_strides():
    """Offsets, sizes and strides all as operands, each read from its own group."""
    x = np.arange(9, dtype=np.float32)
    (part,) = run(DYNAMIC_SLICE, "f", x, 2, 3, 3)
    np.testing.assert_array_equal(part, [2, 5, 8])
    message = "tensor.extract_slice: slice offsets [3] sizes [3] strides [3] run out"
    fails(message, run, DYNAMIC_SLICE, "f", x, 3, 3, 3)


FLOAT_TO_INT = """
llir.func @signed(%f: f32) -> i8 {
  %i = llir.fptosi %f : f32 to i8
  llir.return %i : i8
}
llir.func @unsigned(%f: f32) -> i8 {
  %i = llir.fptoui %f : f32 to i8
  llir.return %i : i8
}
"""


@pytest.mark.parametrize(
    "symbol, fits, does_not_fit",
    [
        ("signed", [(-128.0, -128), (-128.5, -128), (127.9, 127)], [-129.0, 128.0]),
        ("unsigned", [(-0.5, 0), (255.5, -1)], [-1.0, 256.0]),
    ],
)
def test_llir_float_to_int_range_edges(symbol: str, fits: list[tuple[float, int]], does_not_fit: list[float]):
    """fptosi to i8 takes (-129, 128) after truncation toward zero, fptoui (-1, 256); the
    i8 result of fptoui 255.5 is the bit pattern 0xff."""
    for value, expected in fits:
        assert run_llir(FLOAT_TO_INT, symbol, value) == (expected,)
    kind = "i8" if symbol == "signed" else "unsigned i8"
    op = "llir.fptosi" if symbol == "signed" else "llir.fptoui"
    for value in does_not_fit:
        fails(f"{op}: {value!r} does not fit {kind}", run_llir, FLOAT_TO_INT, symbol, value)
