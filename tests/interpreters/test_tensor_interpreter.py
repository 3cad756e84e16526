"""Numeric tests of the numpy-backed tensor interpreter and of `run` (argument checks,
random inputs), with affine.for and memref.get_global.

Each op runs from MLIR text through `nnstack.interpreters.run` against references
written here with numpy. The arith and math interpreters are in
test_arith_math_interpreter.py.
"""

import numpy as np
import pytest
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import parse_module, random_inputs, run

RNG = np.random.default_rng(99)


# ---------------------------------------------------------------------------
# tensor
# ---------------------------------------------------------------------------


def test_empty_dim_and_dynamic_sizes():
    ir = """
func.func @f(%n: index) -> (tensor<?x3xf16>, index) {
  %e = tensor.empty(%n) : tensor<?x3xf16>
  %zero = arith.constant 0 : index
  %d = tensor.dim %e, %zero : tensor<?x3xf16>
  func.return %e, %d : tensor<?x3xf16>, index
}
"""
    e, d = run(ir, "f", 4)
    assert e.shape == (4, 3) and e.dtype == np.float16 and not e.any()
    assert d == 4


def test_pad_with_neg_inf_and_dynamic_low():
    x = RNG.standard_normal((2, 3)).astype(np.float32)
    ir = """
func.func @f(%x: tensor<2x3xf32>, %lo: index) -> (tensor<5x6xf32>, tensor<?x4xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %a = tensor.pad %x low[1, 2] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %ninf : f32
  } : tensor<2x3xf32> to tensor<5x6xf32>
  %zero = arith.constant 0.0 : f32
  %b = tensor.pad %x low[%lo, 0] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<2x3xf32> to tensor<?x4xf32>
  func.return %a, %b : tensor<5x6xf32>, tensor<?x4xf32>
}
"""
    a, b = run(ir, "f", x, 3)
    np.testing.assert_array_equal(a, np.pad(x, ((1, 2), (2, 1)), constant_values=-np.inf))
    np.testing.assert_array_equal(b, np.pad(x, ((3, 0), (0, 1))))


def test_pad_with_an_argument_on_every_axis():
    """A value from outside the region is written on the border of each axis only."""
    x = RNG.standard_normal((2, 3, 1)).astype(np.float64)
    ir = """
func.func @f(%x: tensor<2x3x1xf64>, %v: f64) -> tensor<5x4x4xf64> {
  %a = tensor.pad %x low[1, 0, 2] high[2, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %v : f64
  } : tensor<2x3x1xf64> to tensor<5x4x4xf64>
  func.return %a : tensor<5x4x4xf64>
}
"""
    (a,) = run(ir, "f", x, 2.5)
    np.testing.assert_array_equal(a, np.pad(x, ((1, 2), (0, 1), (2, 1)), constant_values=2.5))


def test_pad_value_computed_from_indices():
    x = np.ones((2, 2), np.float32)
    ir = """
func.func @f(%x: tensor<2x2xf32>) -> tensor<3x4xf32> {
  %a = tensor.pad %x low[0, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %ten = arith.constant 10 : index
    %t = arith.muli %i, %ten : index
    %s = arith.addi %t, %j : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    tensor.yield %f : f32
  } : tensor<2x2xf32> to tensor<3x4xf32>
  func.return %a : tensor<3x4xf32>
}
"""
    (a,) = run(ir, "f", x)
    i, j = np.meshgrid(np.arange(3), np.arange(4), indexing="ij")
    expected = (10 * i + j).astype(np.float32)
    expected[0:2, 1:3] = 1
    np.testing.assert_array_equal(a, expected)


def test_collapse_expand_reshape():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    ir = """
func.func @f(%x: tensor<2x3x4xf32>, %shape: tensor<2xindex>, %n: index)
    -> (tensor<6x4xf32>, tensor<2x3x2x2xf32>, tensor<4x6xf32>, tensor<2x?x4xf32>) {
  %a = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %b = tensor.expand_shape %x [[0], [1], [2, 3]] output_shape [2, 3, 2, 2] : tensor<2x3x4xf32> into tensor<2x3x2x2xf32>
  %c = tensor.reshape %x(%shape) : (tensor<2x3x4xf32>, tensor<2xindex>) -> tensor<4x6xf32>
  %dyn = tensor.cast %a : tensor<6x4xf32> to tensor<?x4xf32>
  %d = tensor.expand_shape %dyn [[0, 1], [2]] output_shape [2, %n, 4] : tensor<?x4xf32> into tensor<2x?x4xf32>
  func.return %a, %b, %c, %d : tensor<6x4xf32>, tensor<2x3x2x2xf32>, tensor<4x6xf32>, tensor<2x?x4xf32>
}
"""
    a, b, c, d = run(ir, "f", x, np.array([4, 6]), 3)
    np.testing.assert_array_equal(a, x.reshape(6, 4))
    np.testing.assert_array_equal(b, x.reshape(2, 3, 2, 2))
    np.testing.assert_array_equal(c, x.reshape(4, 6))
    np.testing.assert_array_equal(d, x)


def test_extract_and_insert_slices_with_strides():
    x = np.arange(48, dtype=np.float32).reshape(6, 8)
    ir = """
func.func @f(%x: tensor<6x8xf32>, %off: index, %v: tensor<2x3xf32>)
    -> (tensor<2x3xf32>, tensor<3xf32>, tensor<6x8xf32>, tensor<2x2xf32>) {
  %a = tensor.extract_slice %x[1, 2] [2, 3] [3, 2] : tensor<6x8xf32> to tensor<2x3xf32>
  %b = tensor.extract_slice %x[%off, 0] [1, 3] [1, 3] : tensor<6x8xf32> to tensor<3xf32>
  %c = tensor.insert_slice %v into %x[0, 1] [2, 3] [4, 3] : tensor<2x3xf32> into tensor<6x8xf32>
  %d = tensor.extract_slice %c[%off, 1] [2, 2] [1, 3] : tensor<6x8xf32> to tensor<2x2xf32>
  func.return %a, %b, %c, %d : tensor<2x3xf32>, tensor<3xf32>, tensor<6x8xf32>, tensor<2x2xf32>
}
"""
    v = -np.arange(1, 7, dtype=np.float32).reshape(2, 3)
    a, b, c, d = run(ir, "f", x, 4, v)
    np.testing.assert_array_equal(a, x[1:5:3, 2:7:2])
    np.testing.assert_array_equal(b, x[4, 0:7:3])
    expected_c = x.copy()
    expected_c[0:5:4, 1:8:3] = v
    np.testing.assert_array_equal(c, expected_c)
    np.testing.assert_array_equal(d, expected_c[4:6, 1:5:3])
    assert x[0, 1] == 1  # the source tensor is unchanged


def test_extract_slice_out_of_bounds_is_an_interpretation_error():
    ir = """
func.func @f(%x: tensor<6x8xf32>, %off: index) -> tensor<2x3xf32> {
  %a = tensor.extract_slice %x[%off, 0] [2, 3] [1, 1] : tensor<6x8xf32> to tensor<2x3xf32>
  func.return %a : tensor<2x3xf32>
}
"""
    with pytest.raises(InterpretationError, match="tensor.extract_slice: slice offsets"):
        run(ir, "f", np.zeros((6, 8)), 5)


def test_extract_insert_splat_from_elements_concat_cast():
    x = np.arange(6, dtype=np.int32).reshape(2, 3)
    ir = """
func.func @f(%x: tensor<2x3xi32>, %v: i32, %i: index, %n: index)
    -> (i32, tensor<2x3xi32>, tensor<?x2xi32>, tensor<3xi32>, tensor<4x3xi32>, tensor<?x3xi32>) {
  %c1 = arith.constant 1 : index
  %a = tensor.extract %x[%c1, %i] : tensor<2x3xi32>
  %b = tensor.insert %v into %x[%c1, %i] : tensor<2x3xi32>
  %c = tensor.splat %v[%n] : tensor<?x2xi32>
  %d = tensor.from_elements %a, %v, %a : tensor<3xi32>
  %e = tensor.concat dim(0) %x, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<4x3xi32>
  %f = tensor.cast %x : tensor<2x3xi32> to tensor<?x3xi32>
  func.return %a, %b, %c, %d, %e, %f : i32, tensor<2x3xi32>, tensor<?x2xi32>, tensor<3xi32>, tensor<4x3xi32>, tensor<?x3xi32>
}
"""
    a, b, c, d, e, f = run(ir, "f", x, -9, 2, 3)
    assert a == 5 and a.dtype == np.int32
    expected_b = x.copy()
    expected_b[1, 2] = -9
    np.testing.assert_array_equal(b, expected_b)
    np.testing.assert_array_equal(c, np.full((3, 2), -9, np.int32))
    np.testing.assert_array_equal(d, [5, -9, 5])
    np.testing.assert_array_equal(e, np.concatenate([x, expected_b]))
    np.testing.assert_array_equal(f, x)
    assert x[1, 2] == 5


@pytest.mark.parametrize("index", [3, -1])
def test_extract_and_insert_out_of_bounds_are_interpretation_errors(index: int):
    """numpy would wrap -1 to the last element and raise IndexError for 3."""
    ir = """
func.func @extract(%x: tensor<2x3xf32>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = tensor.extract %x[%c0, %i] : tensor<2x3xf32>
  func.return %a : f32
}
func.func @insert(%x: tensor<2x3xf32>, %i: index, %v: f32) -> tensor<2x3xf32> {
  %c0 = arith.constant 0 : index
  %b = tensor.insert %v into %x[%c0, %i] : tensor<2x3xf32>
  func.return %b : tensor<2x3xf32>
}
"""
    message = rf"index {index} out of range for dim 1 of size 3 \(tensor shape \[2, 3\]\)"
    with pytest.raises(InterpretationError, match="tensor.extract: " + message):
        run(ir, "extract", np.zeros((2, 3)), index)
    with pytest.raises(InterpretationError, match="tensor.insert: " + message):
        run(ir, "insert", np.zeros((2, 3)), index, 1.0)


def test_gather_out_of_bounds_in_generic_is_an_interpretation_error():
    ir = """
func.func @f(%table: tensor<5xf32>, %ids: tensor<3xindex>) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
       ins(%ids : tensor<3xindex>) outs(%e : tensor<3xf32>) {
  ^bb0(%id: index, %out: f32):
    %v = tensor.extract %table[%id] : tensor<5xf32>
    linalg.yield %v : f32
  } -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}
"""
    with pytest.raises(
        InterpretationError, match=r"tensor.extract: index 7 out of range for dim 0 of size 5"
    ):
        run(ir, "f", np.zeros(5), np.array([1, 7, 2]))


def test_tensor_extract_with_computed_indices_in_generic():
    """A gather: tensor.extract inside a vectorized body takes index arrays."""
    table = RNG.standard_normal((5, 3)).astype(np.float32)
    ids = np.array([4, 0, 2, 2], np.int64)
    ir = """
func.func @f(%table: tensor<5x3xf32>, %ids: tensor<4xi64>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%ids : tensor<4xi64>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %table[%row, %col] : tensor<5x3xf32>
    linalg.yield %v : f32
  } -> tensor<4x3xf32>
  func.return %r : tensor<4x3xf32>
}
"""
    (result,) = run(ir, "f", table, ids)
    np.testing.assert_array_equal(result, table[ids])


# ---------------------------------------------------------------------------
# run: argument checking
# ---------------------------------------------------------------------------

IDENTITY = """
func.func @f(%x: tensor<2x?xf32>, %s: f64) -> (tensor<2x?xf32>, f64) {
  func.return %x, %s : tensor<2x?xf32>, f64
}
"""


def test_run_converts_dtypes_and_checks_shapes():
    x, s = run(IDENTITY, "f", [[1, 2, 3], [4, 5, 6]], 2)
    assert x.dtype == np.float32 and x.shape == (2, 3)
    assert s.dtype == np.float64 and s.shape == () and s == 2.0
    with pytest.raises(
        ValueError, match=r"argument #0: expected tensor<2x\?xf32>, got an array of shape \[3, 2\]"
    ):
        run(IDENTITY, "f", np.zeros((3, 2)), 1.0)
    with pytest.raises(ValueError, match="argument #1: expected a scalar f64"):
        run(IDENTITY, "f", np.zeros((2, 2)), np.zeros(2))
    with pytest.raises(ValueError, match="argument #0: expected tensor<2x\\?xf32>, got complex values"):
        run(IDENTITY, "f", np.full((2, 2), 1j), 1.0)
    with pytest.raises(ValueError, match="argument #1: expected f64, got complex values"):
        run(IDENTITY, "f", np.zeros((2, 2)), 1 + 2j)
    with pytest.raises(ValueError, match="takes 2 arguments, 1 given"):
        run(IDENTITY, "f", np.zeros((2, 2)))
    with pytest.raises(ValueError, match="no function @g"):
        run(IDENTITY, "g")


def test_random_inputs_follow_the_types():
    module = parse_module(IDENTITY.replace("2x?", "2x3"))
    from nnstack.interpreters import argument_types, find_function

    types = argument_types(find_function(module, "f"))
    x, s = random_inputs(types, seed=3)
    assert x.shape == (2, 3) and x.dtype == np.float32 and s.dtype == np.float64
    np.testing.assert_array_equal(x, random_inputs(types, seed=3)[0])
    # the default seed is 0: without one, the same inputs as with seed=0
    np.testing.assert_array_equal(random_inputs(types)[0], random_inputs(types, seed=0)[0])


def test_pad_with_dynamic_low_and_high():
    """Dynamic high pads follow the dynamic low ones among the operands: both are read
    from their own place (a shifted slice would take the source or drop a pad)."""
    x = RNG.standard_normal((2, 3)).astype(np.float32)
    ir = """
func.func @f(%x: tensor<2x3xf32>, %lo: index, %hi: index) -> tensor<?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %b = tensor.pad %x low[%lo, 1] high[2, %hi] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<2x3xf32> to tensor<?x?xf32>
  func.return %b : tensor<?x?xf32>
}
"""
    (b,) = run(ir, "f", x, 1, 3)
    np.testing.assert_array_equal(b, np.pad(x, ((1, 2), (1, 3))))


def test_affine_for_accumulates():
    """An affine.for with map bounds (the lower bound from an operand) and a carried value."""
    ir = """
func.func @f(%lo: index, %init: index) -> index {
  %r = affine.for %i = max affine_map<(d0) -> (d0)>(%lo) to 6 step 2 iter_args(%acc = %init) -> (index) {
    %s = arith.addi %acc, %i : index
    affine.yield %s : index
  }
  func.return %r : index
}
"""
    (r,) = run(ir, "f", 1, 10)
    assert int(r) == 10 + 1 + 3 + 5


def test_memref_get_global_reads_the_initial_value():
    """memref.get_global finds its memref.global by symbol from the op and reads its data."""
    ir = """
"memref.global"() <{sym_name = "g", sym_visibility = "private", type = memref<3xf32>,
                   initial_value = dense<[1.0, 2.0, 4.0]> : tensor<3xf32>, constant}> : () -> ()
func.func @f() -> f32 {
  %m = memref.get_global @g : memref<3xf32>
  %c2 = arith.constant 2 : index
  %v = memref.load %m[%c2] : memref<3xf32>
  func.return %v : f32
}
"""
    (v,) = run(ir, "f")
    assert float(v) == 4.0
