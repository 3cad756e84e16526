"""The llir interpreter on programs that go wrong at run time: each ends in an
`InterpretationError` naming the op (never a MemoryError, RecursionError or another
Python exception), and the configurable limits hold exactly at their edge."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import call, run

PTRCAST_WIDER = """
llir.func @wider(%x: !llir.ptr<f32>, %i: i64) -> f64 {
  %p = llir.ptrcast %x : !llir.ptr<f32> to !llir.ptr<f64>
  %v = llir.load %p[%i : i64] : !llir.ptr<f64> -> f64
  llir.return %v : f64
}
"""

F16_LOAD = """
llir.func @at(%x: !llir.ptr<f16>, %i: i64) -> f16 {
  %v = llir.load %x[%i : i64] : !llir.ptr<f16> -> f16
  llir.return %v : f16
}
llir.func @vector_at(%x: !llir.ptr<f16>, %i: i64) -> vector<2xf16> {
  %v = llir.vload %x[%i : i64] : !llir.ptr<f16> -> vector<2xf16>
  llir.return %v : vector<2xf16>
}
llir.func @store_at(%x: !llir.ptr<f16>, %i: i64, %v: f16) {
  llir.store %v, %x[%i : i64] : f16, !llir.ptr<f16>
  llir.return
}
"""


def allocation(size: int) -> str:
    """A function allocating `size` bytes, writing the last one and reading it back."""
    return f"""
llir.func @alloc() -> i8 {{
  %t = llir.alloc_buffer {size} : !llir.ptr<i8>
  %last = llir.constant {size - 1} : i64
  %seven = llir.constant 7 : i8
  llir.store %seven, %t[%last : i64] : i8, !llir.ptr<i8>
  %v = llir.load %t[%last : i64] : !llir.ptr<i8> -> i8
  llir.free_buffer %t : !llir.ptr<i8>
  llir.return %v : i8
}}
"""


RECURSIVE = """
llir.func @depth(i64) -> i64 {
^entry(%n: i64):
  %zero = llir.constant 0 : i64
  %one = llir.constant 1 : i64
  %done = llir.cmp sle, %n, %zero : i64
  llir.cond_br %done, ^base, ^recurse
^base:
  llir.return %one : i64
^recurse:
  %m = llir.sub %n, %one : i64
  %r = llir.call @depth(%m) : (i64) -> i64
  %s = llir.add %r, %one : i64
  llir.return %s : i64
}
llir.func @forever(%n: i64) -> i64 {
  %r = llir.call @forever(%n) : (i64) -> i64
  llir.return %r : i64
}
"""

FREED_POINTER = """
llir.func @dangling() -> !llir.ptr<f32> {
  %t = llir.alloc_buffer 4 : !llir.ptr<f32>
  llir.free_buffer %t : !llir.ptr<f32>
  llir.return %t : !llir.ptr<f32>
}
llir.func @caller() -> f32 {
  %p = llir.call @dangling() : () -> !llir.ptr<f32>
  %v = llir.load %p : !llir.ptr<f32> -> f32
  llir.return %v : f32
}
"""

READS_OUTPUT = """
llir.func @accumulate(%x: !llir.ptr<f32>, %out: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2xf32>) -> tensor<2xf32>} {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %c2 = llir.constant 2 : i64
  llir.for %i = %c0 to %c2 step %c1 : i64 {
    %a = llir.load %x[%i : i64] : !llir.ptr<f32> -> f32
    %b = llir.load %out[%i : i64] : !llir.ptr<f32> -> f32
    %s = llir.add %a, %b : f32
    llir.store %s, %out[%i : i64] : f32, !llir.ptr<f32>
  }
  llir.return
}
"""


def fails(text: str, symbol: str, *args: Any, message: str, **options: Any) -> None:
    with pytest.raises(InterpretationError, match=re.escape(message)):
        call(text, symbol, args, **options)


def test_ptrcast_to_a_wider_type_of_a_buffer_that_is_not_a_whole_number_of_them():
    """12 bytes are one f64 and a half: the whole one loads, the half is out of bounds."""
    x = np.array([1.0, 2.0, 3.0], np.float32)
    (value,) = run(PTRCAST_WIDER, "wider", x, 0)
    assert value == x[:2].view(np.float64)[0]
    fails(
        PTRCAST_WIDER,
        "wider",
        x,
        1,
        message="llir.load: out-of-bounds read of 8 bytes at buffer #0 + 8 (size 12)",
    )


@pytest.mark.parametrize("index", [4, 2**62, 2**63 - 1, -1])
def test_f16_indices_out_of_range_are_out_of_bounds(index: int):
    x = np.arange(4, dtype=np.float16)
    assert run(F16_LOAD, "at", x, 3)[0] == 3
    for symbol, args, kind in [
        ("at", (x, index), "read"),
        ("vector_at", (x, index), "read"),
        ("store_at", (x, index, 1.0), "write"),
    ]:
        with pytest.raises(InterpretationError, match=rf"^llir\.v?(load|store): out-of-bounds {kind} of"):
            call(F16_LOAD, symbol, args)


def test_the_largest_allowed_allocation_works_and_one_byte_more_fails():
    assert run(allocation(4096), "alloc", max_allocation=4096)[0] == 7
    fails(
        allocation(4097),
        "alloc",
        message="llir.alloc_buffer: allocation of 4097 bytes exceeds the limit of 4096 bytes",
        max_allocation=4096,
    )


def test_a_huge_allocation_is_refused_by_default():
    fails(
        allocation(1 << 50),
        "alloc",
        message=f"llir.alloc_buffer: allocation of {1 << 50} bytes exceeds the limit of {1 << 30} bytes",
    )


def test_the_deepest_allowed_call_works_and_one_more_fails():
    """@depth(n) has n + 1 frames active at its deepest."""
    assert run(RECURSIVE, "depth", 49, max_call_depth=50)[0] == 50
    fails(
        RECURSIVE,
        "depth",
        50,
        message="llir.call: calling @depth exceeds the call depth limit of 50",
        max_call_depth=50,
    )


def test_unbounded_recursion_is_a_diagnostic():
    fails(RECURSIVE, "forever", 0, message="llir.call: calling @forever exceeds the call depth limit of 200")


def test_a_call_depth_limit_beyond_pythons_stack_is_still_a_diagnostic():
    fails(
        RECURSIVE,
        "forever",
        0,
        message="llir.call: Python's stack overflowed below llir.func @forever",
        max_call_depth=10**6,
    )


def test_returning_a_pointer_to_a_freed_buffer():
    fails(
        FREED_POINTER,
        "dangling",
        message="llir.return: llir.func @dangling returns a pointer into freed buffer #0",
    )
    fails(FREED_POINTER, "caller", message="llir.load: use after free of buffer #0")


def test_strict_memory_rejects_reading_an_output_before_writing_it():
    x = np.array([1.0, 2.0], np.float32)
    (result,) = call(READS_OUTPUT, "accumulate", [x]).results  # outputs start zeroed
    np.testing.assert_array_equal(result, x)
    fails(
        READS_OUTPUT,
        "accumulate",
        x,
        message="llir.load: read of never-written memory at buffer #0 + 0 (strict mode)",
        strict_memory=True,
    )
