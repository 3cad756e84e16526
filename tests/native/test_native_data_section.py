"""llir's data section (llir.global, llir.addressof) run by the llir interpreter and
natively: every element type read back as numpy holds it (the initializers written
from numpy arrays, so the reference is independent of both), every byte value through
the JIT's byte-string initializers, and the read-only checks (writes and frees of a
global are errors in the interpreter and with check_bounds natively); and two ResNet-style
networks whose weights go through it, against their gawee-level result (real models:
tests/frontend/test_onnx_llir.py)."""

from __future__ import annotations

import numpy as np
import pytest
from gawee_inputs import random_arguments
from levels import lower
from llir_programs import NETWORKS, functions, lower_to_llir
from xdsl.dialects import func
from xdsl.dialects.builtin import BytesAttr, DenseIntOrFPElementsAttr, FunctionType, TensorType
from xdsl.utils.exceptions import InterpretationError

from nnstack import native
from nnstack.dialects import gawee, llir
from nnstack.interpreters import call, parse_module, run
from nnstack.native.weights import DataSection
from nnstack.transforms.llir_to_llvm import BufferState

ELEMENTS = {
    "f16": np.float16,
    "f32": np.float32,
    "f64": np.float64,
    "i1": np.bool_,
    "i8": np.int8,
    "i16": np.int16,
    "i32": np.int32,
    "i64": np.int64,
}


def _literal(values: np.ndarray) -> str:
    if values.dtype == np.bool_:
        return ", ".join("true" if v else "false" for v in values)
    if values.dtype.kind == "f":
        return ", ".join(repr(float(v)) for v in values)
    return ", ".join(str(int(v)) for v in values)


def _copy_program(element: str, values: np.ndarray, align: int = 16) -> str:
    """@copy(out) copies the global into `out`; @get(n) loads element n of it."""
    count = values.size
    size = count * values.dtype.itemsize
    return f"""
llir.global @data align {align} = dense<[{_literal(values)}]> : tensor<{count}x{element}>
llir.func @copy(%out: !llir.ptr<{element}>) {{
  %g = llir.addressof @data : !llir.ptr<{element}>
  %n = llir.constant {size} : i64
  llir.memcpy %out, %g, %n : !llir.ptr<{element}>, !llir.ptr<{element}>, i64
  llir.return
}}
llir.func @get(%i: i64) -> {element} {{
  %g = llir.addressof @data : !llir.ptr<{element}>
  %v = llir.load %g[%i : i64] : !llir.ptr<{element}> -> {element}
  llir.return %v : {element}
}}
"""


def _values(element: str, count: int) -> np.ndarray:
    rng = np.random.default_rng(7)
    dtype = ELEMENTS[element]
    if dtype == np.bool_:
        return rng.integers(0, 2, count).astype(bool)
    if np.dtype(dtype).kind == "f":
        return (rng.standard_normal(count) * 100).astype(dtype)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, count, dtype=dtype, endpoint=True)


@pytest.mark.parametrize("element", ELEMENTS)
def test_globals_of_every_element_type(element: str):
    values = _values(element, 37)
    module = parse_module(_copy_program(element, values))
    for runner in (
        lambda symbol, *a: call(module, symbol, list(a)).results,
        lambda symbol, *a: native.run(module, symbol, *a),
        lambda symbol, *a: native.run(module, symbol, *a, check_bounds=True),
    ):
        out = np.zeros_like(values)
        runner("copy", out)
        np.testing.assert_array_equal(out, values)
        for index in (0, 1, 36):
            (got,) = runner("get", index)
            assert got == values[index]


def test_every_byte_value_reaches_native_code():
    """The code is linked to the data section's bytes: each of the 256 bytes, at an
    alignment of 64, in a global of over a million elements."""
    values = np.tile(np.arange(-128, 128, dtype=np.int8), 4)
    module = parse_module(_copy_program("i8", values, align=64))
    out = np.zeros_like(values)
    native.run(module, "copy", out)
    np.testing.assert_array_equal(out, values)
    big = np.arange(1 << 20, dtype=np.int32) * 7
    module = parse_module(_copy_program("i32", big))
    for index in (0, 12345, big.size - 1):
        assert native.run(module, "get", index) == (big[index],)


def test_the_data_section_is_linked_not_compiled():
    """The object code holds none of a global's bytes; the loader places each global at
    its alignment, with check-bounds behind a header of (size, GLOBAL) padded to it."""
    values = np.arange(1000, dtype=np.int32) * 7919 + 12345
    module = parse_module(_copy_program("i32", values, align=64))
    compiled = native.JitCache().compile(module, "copy")
    assert values.tobytes()[:64] not in compiled.entry.object_code
    for check_bounds in (False, True):
        section = DataSection.of(list(module.ops), check_bounds)
        address = section.symbols["data"]
        assert address % 64 == 0
        start = address - section.arena.ctypes.data
        header = 64 if check_bounds else 0
        placed = section.arena[start : start + header + values.nbytes]
        assert placed[header:].tobytes() == values.tobytes()
        if check_bounds:
            assert tuple(placed[header - 16 : header].view(np.int64)) == (values.nbytes, BufferState.GLOBAL)


BAD = """
llir.global @data = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
llir.func @escape(%p: !llir.ptr<f32>) -> !llir.ptr<f32> {
  llir.return %p : !llir.ptr<f32>
}
llir.func @store(%i: i64, %x: f32) {
  %g = llir.addressof @data : !llir.ptr<f32>
  %p = llir.call @escape(%g) : (!llir.ptr<f32>) -> !llir.ptr<f32>
  llir.store %x, %p[%i : i64] : f32, !llir.ptr<f32>
  llir.return
}
llir.func @copy_into(%a: !llir.ptr<f32>) {
  %g = llir.addressof @data : !llir.ptr<f32>
  %p = llir.call @escape(%g) : (!llir.ptr<f32>) -> !llir.ptr<f32>
  %n = llir.constant 8 : i64
  llir.memcpy %p, %a, %n : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.return
}
llir.func @release() {
  %g = llir.addressof @data : !llir.ptr<f32>
  %p = llir.call @escape(%g) : (!llir.ptr<f32>) -> !llir.ptr<f32>
  llir.free_buffer %p : !llir.ptr<f32>
  llir.return
}
llir.func @past_the_end(%i: i64) -> f32 {
  %g = llir.addressof @data : !llir.ptr<f32>
  %v = llir.load %g[%i : i64] : !llir.ptr<f32> -> f32
  llir.return %v : f32
}
"""
"""Writes and frees the verifier cannot see (the pointer comes back from a call)."""


@pytest.mark.parametrize(
    ("symbol", "args", "interpreted", "compiled"),
    [
        (
            "store",
            (2, 1.0),
            "llir.store: write to read-only buffer at buffer #0 + 8 (llir.global @data)",
            "llir.store: write of 4 bytes at byte 8 of a read-only global",
        ),
        (
            "copy_into",
            (np.ones(2, np.float32),),
            "llir.memcpy: write to read-only buffer at buffer #",
            "llir.memcpy: write of 8 bytes at byte 0 of a read-only global",
        ),
        (
            "release",
            (),
            "llir.free_buffer: buffer #0 was not allocated by llir.alloc_buffer (llir.global @data)",
            "llir.free_buffer: the buffer is an argument or a global, not allocated by llir.alloc_buffer",
        ),
        (
            "past_the_end",
            (4,),
            "llir.load: out-of-bounds read of 4 bytes at buffer #0 + 16 (size 16)",
            "llir.load: out-of-bounds read at byte 16 of a buffer of 16 bytes",
        ),
    ],
)
def test_globals_are_read_only_and_bounded(symbol: str, args: tuple, interpreted: str, compiled: str):
    module = parse_module(BAD)
    with pytest.raises(InterpretationError) as error:
        call(module, symbol, list(args))
    assert interpreted in str(error.value)
    with pytest.raises(native.NativeError) as error:
        native.run(module, symbol, *args, check_bounds=True)
    assert compiled in str(error.value)


def _weights_as_constants(function: func.FuncOp, arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Turn every argument but the first into a gawee.constant of its array (how an
    imported model holds its weights); the arrays still passed."""
    block = function.body.block
    for arg, array in zip(list(block.args[1:]), arrays[1:]):
        typ = arg.type
        assert isinstance(typ, TensorType)
        constant = gawee.ConstantOp(DenseIntOrFPElementsAttr(typ, BytesAttr(array.tobytes())))
        block.insert_op_before(constant, block.first_op)  # pyright: ignore[reportArgumentType]
        arg.replace_all_uses_with(constant.output)
        block.erase_arg(arg)
    function.function_type = FunctionType.from_lists(
        list(block.arg_types), list(function.function_type.outputs)
    )
    return arrays[:1]


@pytest.mark.parametrize("name", NETWORKS)
def test_network_weights_in_the_data_section(name: str):
    """A ResNet-style network with its weights as gawee constants: they become
    llir.globals; the llir interpreter and native code (plain and checked) agree bit for
    bit, and with the gawee-level result within float32 rounding."""
    module = NETWORKS[name]()
    (function,) = functions(module)
    symbol = function.sym_name.data
    arrays = _weights_as_constants(function, random_arguments(function, np.random.default_rng(0)))
    module.verify()
    (expected,) = run(module, symbol, *arrays)
    lowered = lower_to_llir(lower(module, "mir"), "row-major", 8)
    assert sum(isinstance(op, llir.GlobalOp) for op in lowered.ops) >= 3  # the conv weights at least
    (interpreted,) = call(lowered, symbol, arrays, strict_memory=True).results
    for check_bounds in (False, True):
        (compiled,) = native.run(lowered, symbol, *arrays, check_bounds=check_bounds, opt_level=1)
        np.testing.assert_array_equal(compiled, interpreted)
    np.testing.assert_allclose(interpreted, expected, rtol=1e-4, atol=1e-5)
