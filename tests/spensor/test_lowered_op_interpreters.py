"""The interpreters of the upstream ops spensor-lower produces (memref, affine, scf.parallel,
bufferization), op by op against plain Python / numpy; out-of-bounds accesses are errors
naming the op, never wrapped-around negative indices."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import run

ACCESS = """
func.func @main(%m: memref<2x3xf32>, %i: index, %j: index) -> f32 {{
  %v = {load}
  func.return %v : f32
}}
"""

LOADS = {
    "memref": "memref.load %m[%i, %j] : memref<2x3xf32>",
    "affine": "affine.load %m[%i, %j] : memref<2x3xf32>",
}


@pytest.mark.parametrize("dialect", sorted(LOADS))
def test_load_reads_the_element(dialect: str):
    m = np.arange(6, dtype=np.float32).reshape(2, 3)
    (v,) = run(ACCESS.format(load=LOADS[dialect]), "main", m, 1, 2)
    assert v == 5.0


@pytest.mark.parametrize("dialect", sorted(LOADS))
@pytest.mark.parametrize("index", [(-1, 0), (0, -1), (2, 0), (0, 3)])
def test_load_out_of_bounds_is_an_error(dialect: str, index: tuple[int, int]):
    m = np.zeros((2, 3), np.float32)
    with pytest.raises(
        InterpretationError, match=rf"{dialect}.load: index \[.*\] is out of bounds for shape \[2, 3\]"
    ):
        run(ACCESS.format(load=LOADS[dialect]), "main", m, *index)


@pytest.mark.parametrize(
    "store", ["memref.store %f, %m[%i] : memref<4xf32>", "affine.store %f, %m[%i] : memref<4xf32>"]
)
def test_store_with_negative_index_is_an_error(store: str):
    text = f"""
    func.func @main(%m: memref<4xf32>, %i: index) {{
      %f = arith.constant 1.0 : f32
      {store}
      func.return
    }}
    """
    m = np.zeros(4, np.float32)
    with pytest.raises(InterpretationError, match=r"store: index \[-1\] is out of bounds for shape \[4\]"):
        run(text, "main", m, -1)
    np.testing.assert_array_equal(m, np.zeros(4))


def test_affine_apply_with_dims_and_symbols():
    text = """
    func.func @main(%d0: index, %d1: index, %s0: index) -> index {
      %r = affine.apply affine_map<(d0, d1)[s0] -> (d0 * 3 + s0 * 2 + d1 floordiv 2 - s0 mod 3)>(%d0, %d1)[%s0]
      func.return %r : index
    }
    """
    for d0, d1, s0 in [(3, 7, 5), (0, 1, 4), (2, -3, 7)]:
        (r,) = run(text, "main", d0, d1, s0)
        assert r == d0 * 3 + s0 * 2 + d1 // 2 - s0 % 3


def test_scf_parallel_with_reduce_and_memref_writes():
    text = """
    func.func @main(%m: memref<3x4xf32>) -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0.0 : f32
      %sum = "scf.parallel"(%c0, %c1, %c3, %c4, %c1, %c2, %zero) <{operandSegmentSizes = array<i32: 2, 2, 2, 1>}> ({
      ^bb0(%i: index, %j: index):
        %x = memref.load %m[%i, %j] : memref<3x4xf32>
        %y = arith.addf %x, %x : f32
        memref.store %y, %m[%i, %j] : memref<3x4xf32>
        "scf.reduce"(%x) ({
        ^bb1(%a: f32, %b: f32):
          %s = arith.addf %a, %b : f32
          "scf.reduce.return"(%s) : (f32) -> ()
        }) : (f32) -> ()
      }) : (index, index, index, index, index, index, f32) -> f32
      func.return %sum : f32
    }
    """
    m = np.arange(12, dtype=np.float32).reshape(3, 4)
    before = m.copy()
    (total,) = run(text, "main", m)
    assert total == before[:, 1::2].sum()
    expected = before.copy()
    expected[:, 1::2] *= 2
    np.testing.assert_array_equal(m, expected)


def test_bufferization_to_tensor_is_a_snapshot():
    """A tensor taken from a memref keeps its values when the memref is written later."""
    text = """
    func.func @main(%m: memref<2xf32>) -> tensor<2xf32> {
      %t = bufferization.to_tensor %m restrict : memref<2xf32> to tensor<2xf32>
      %c0 = arith.constant 0 : index
      %f = arith.constant 9.0 : f32
      memref.store %f, %m[%c0] : memref<2xf32>
      func.return %t : tensor<2xf32>
    }
    """
    m = np.array([1.0, 2.0], np.float32)
    (t,) = run(text, "main", m)
    np.testing.assert_array_equal(t, [1.0, 2.0])
    np.testing.assert_array_equal(m, [9.0, 2.0])


def test_alloca_gives_a_buffer_of_its_type():
    text = """
    func.func @main(%n: index, %x: f32) -> f32 {
      %c1 = arith.constant 1 : index
      %m = memref.alloca(%n) : memref<2x?xf32>
      memref.store %x, %m[%c1, %c1] : memref<2x?xf32>
      %y = memref.load %m[%c1, %c1] : memref<2x?xf32>
      func.return %y : f32
    }
    """
    (y,) = run(text, "main", 3, 2.5)
    assert y == np.float32(2.5) and y.dtype == np.float32
