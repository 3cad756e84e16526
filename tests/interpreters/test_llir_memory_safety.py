"""The llir interpreter's memory safety: out-of-bounds reads and writes, use after free,
double and invalid frees, misaligned access, never-written memory in strict mode,
memcpy's checks, leaked buffers, zero-copy argument arrays and argument checks.

Each test runs a small llir module with the helpers of test_llir_interpreter.py (which
covers control flow, arithmetic, vectors, layouts and the engine) and checks the result
or the exact runtime error.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from test_llir_interpreter import SUM_FOR, fails, interpreter, run
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters.llir import leaked_buffers, llir_memory

LOAD_AT = """
llir.func @load_at(%k: i64) -> f32 {
  %p = llir.alloc_buffer 64 : !llir.ptr<f32>
  %x = llir.load %p[%k : i64] : !llir.ptr<f32> -> f32
  llir.free_buffer %p : !llir.ptr<f32>
  llir.return %x : f32
}
"""


def test_out_of_bounds_read():
    assert run(LOAD_AT, "load_at", 15) == (np.float32(0),)
    fails(
        LOAD_AT,
        "load_at",
        16,
        message="llir.load: out-of-bounds read of 4 bytes at buffer #0 + 64 (size 64)",
    )


def test_out_of_bounds_write_below_the_buffer():
    program = """
    llir.func @f(%p: !llir.ptr<f32>) {
      %m1 = llir.constant -1 : i64
      %x = llir.constant 1.0 : f32
      llir.store %x, %p[%m1 : i64] : f32, !llir.ptr<f32>
      llir.return
    }
    """
    fails(
        program,
        "f",
        np.zeros(4, np.float32),
        message="llir.store: out-of-bounds write of 4 bytes at buffer #0 + -4 (size 16)",
    )


def test_use_after_free():
    program = """
    llir.func @f() {
      %p = llir.alloc_buffer 16 : !llir.ptr<i32>
      %c1 = llir.constant 1 : i64
      %q = llir.ptradd %p, %c1 : !llir.ptr<i32>, i64
      %x = llir.constant 7 : i32
      llir.free_buffer %p : !llir.ptr<i32>
      llir.store %x, %q : i32, !llir.ptr<i32>
      llir.return
    }
    """
    fails(
        program,
        "f",
        message="llir.store: use after free of buffer #0 (access at buffer #0 + 4)",
    )


def test_double_free():
    program = """
    llir.func @f() {
      %p = llir.alloc_buffer 16 : !llir.ptr<f32>
      llir.free_buffer %p : !llir.ptr<f32>
      llir.free_buffer %p : !llir.ptr<f32>
      llir.return
    }
    """
    fails(program, "f", message="llir.free_buffer: double free of buffer #0")


def test_invalid_frees():
    interior = """
    llir.func @f() {
      %p = llir.alloc_buffer 16 : !llir.ptr<f32>
      %c1 = llir.constant 1 : i64
      %q = llir.ptradd %p, %c1 : !llir.ptr<f32>, i64
      llir.free_buffer %q : !llir.ptr<f32>
      llir.return
    }
    """
    fails(
        interior,
        "f",
        message="llir.free_buffer: pointer buffer #0 + 4 does not point to the start of a buffer",
    )
    argument = """
    llir.func @g(%p: !llir.ptr<f32>) {
      llir.free_buffer %p : !llir.ptr<f32>
      llir.return
    }
    """
    fails(
        argument,
        "g",
        np.zeros(2, np.float32),
        message="llir.free_buffer: buffer #0 was not allocated by llir.alloc_buffer "
        "(wraps llir.func @g: argument #0)",
    )


def test_misaligned_access():
    program = """
    llir.func @f() -> f32 {
      %bytes = llir.alloc_buffer 16 : !llir.ptr<i8>
      %c2 = llir.constant 2 : i64
      %shifted = llir.ptradd %bytes, %c2 : !llir.ptr<i8>, i64
      %p = llir.ptrcast %shifted : !llir.ptr<i8> to !llir.ptr<f32>
      %x = llir.load %p : !llir.ptr<f32> -> f32
      llir.return %x : f32
    }
    """
    fails(program, "f", message="llir.load: misaligned 4-byte access at buffer #0 + 2")


NEVER_WRITTEN = """
llir.func @f(%k: i64) -> f32 {
  %p = llir.alloc_buffer 16 : !llir.ptr<f32>
  %x = llir.constant 2.0 : f32
  llir.store %x, %p : f32, !llir.ptr<f32>
  %y = llir.load %p[%k : i64] : !llir.ptr<f32> -> f32
  llir.free_buffer %p : !llir.ptr<f32>
  llir.return %y : f32
}
"""


def test_read_of_never_written_memory_in_strict_mode():
    assert run(NEVER_WRITTEN, "f", 0, strict=True) == (np.float32(2.0),)
    assert run(NEVER_WRITTEN, "f", 1) == (np.float32(0.0),)  # zeroed, not strict
    fails(
        NEVER_WRITTEN,
        "f",
        1,
        strict=True,
        message="llir.load: read of never-written memory at buffer #0 + 4 (strict mode)",
    )


MEMCPY = """
llir.func @copy(%dst: !llir.ptr<f32>, %src: !llir.ptr<f32>, %bytes: i64) {
  llir.memcpy %dst, %src, %bytes : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.return
}
llir.func @shift(%p: !llir.ptr<f32>) {
  %c1 = llir.constant 1 : i64
  %q = llir.ptradd %p, %c1 : !llir.ptr<f32>, i64
  %bytes = llir.constant 8 : i64
  llir.memcpy %q, %p, %bytes : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.return
}
"""


def test_memcpy_checks_bounds_and_overlap():
    src = np.arange(4, dtype=np.float32)
    dst = np.zeros(4, np.float32)
    run(MEMCPY, "copy", dst, src, 12)
    np.testing.assert_array_equal(dst, [0, 1, 2, 0])
    fails(
        MEMCPY,
        "copy",
        np.zeros(2, np.float32),
        src,
        12,
        message="llir.memcpy: out-of-bounds write of 12 bytes at buffer #0 + 0 (size 8)",
    )
    fails(
        MEMCPY,
        "shift",
        src,
        message="llir.memcpy: source buffer #0 + 0 and destination buffer #0 + 4 of 8 bytes overlap",
    )


def test_memcpy_copies_written_state_in_strict_mode():
    program = """
    llir.func @f(%k: i64) -> f32 {
      %a = llir.alloc_buffer 16 : !llir.ptr<f32>
      %b = llir.alloc_buffer 16 : !llir.ptr<f32>
      %x = llir.constant 3.0 : f32
      llir.store %x, %a : f32, !llir.ptr<f32>
      %bytes = llir.constant 16 : i64
      llir.memcpy %b, %a, %bytes : !llir.ptr<f32>, !llir.ptr<f32>, i64
      %y = llir.load %b[%k : i64] : !llir.ptr<f32> -> f32
      llir.free_buffer %a : !llir.ptr<f32>
      llir.free_buffer %b : !llir.ptr<f32>
      llir.return %y : f32
    }
    """
    assert run(program, "f", 0, strict=True) == (np.float32(3.0),)
    fails(
        program,
        "f",
        2,
        strict=True,
        message="llir.load: read of never-written memory at buffer #1 + 8 (strict mode)",
    )


def test_leaked_buffers():
    program = """
    llir.func @leak() {
      %p = llir.alloc_buffer 32 align 32 : !llir.ptr<f64>
      %q = llir.alloc_buffer 8 : !llir.ptr<i8>
      llir.free_buffer %q : !llir.ptr<i8>
      llir.return
    }
    """
    interp = interpreter(program)
    interp.call_op("leak", ())
    (leaked,) = leaked_buffers(interp)
    assert leaked.describe() == ("buffer #0 (32 bytes, align 32, allocated by llir.alloc_buffer in @leak)")
    assert not leaked_buffers(interpreter(LOAD_AT))


def test_arrays_are_wrapped_zero_copy():
    program = """
    llir.func @scale(%p: !llir.ptr<f64>, %n: i64) {
      %c0 = llir.constant 0 : i64
      %c1 = llir.constant 1 : i64
      %two = llir.constant 2.0 : f64
      llir.for %i = %c0 to %n step %c1 : i64 {
        %x = llir.load %p[%i : i64] : !llir.ptr<f64> -> f64
        %y = llir.mul %x, %two : f64
        llir.store %y, %p[%i : i64] : f64, !llir.ptr<f64>
      }
      llir.return
    }
    """
    data = np.arange(6, dtype=np.float64).reshape(2, 3)
    interp = interpreter(program)
    interp.call_op("scale", (data, 6))
    np.testing.assert_array_equal(data, np.arange(6).reshape(2, 3) * 2)
    assert llir_memory(interp).buffer_count == 1
    readonly = np.ones(3)
    readonly.flags.writeable = False
    message = "llir.store: write to read-only buffer at buffer #1 + 0"
    with pytest.raises(InterpretationError, match=re.escape(message)):
        interp.call_op("scale", (readonly, 3))


def test_xdsl_shaped_arrays_are_wrapped_zero_copy():
    """xdsl-run passes memref arguments as ShapedArray."""
    from xdsl.interpreters.shaped_array import ShapedArray
    from xdsl.interpreters.utils.ptr import TypedPtr

    array = ShapedArray(TypedPtr.new_float64([1.0, 2.0, 3.0]), [3])
    program = SUM_FOR.replace("f32", "f64")
    assert run(program, "sum", array, 3) == (np.float64(6.0),)


def test_argument_checks():
    fails(
        LOAD_AT.replace("%k: i64", "%k: i8").replace("[%k : i64]", "[%k : i8]"),
        "load_at",
        300,
        message="llir.func @load_at: argument #0: 300 does not fit i8",
    )
    fails(
        SUM_FOR,
        "sum",
        np.zeros(3, np.float32),
        np.zeros(3),
        message="llir.func @sum: argument #1: expected a number for i64, got array(",
    )
    fails(
        SUM_FOR,
        "sum",
        np.zeros(3, np.float64),
        3,
        message="llir.func @sum: argument #0: expected an array of f32 for !llir.ptr<f32>, got float64",
    )
