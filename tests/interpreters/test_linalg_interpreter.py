"""Numeric tests of the numpy-backed linalg interpreter (nnstack.interpreters.linalg):
matmul and contractions, linalg.generic (broadcasting, reductions, linalg.index, maps),
the named element-wise ops, fill / copy / transpose / broadcast / select / reduce, and
compiled bodies. Convolutions and pooling are in test_linalg_conv_pool.py.

Every op runs from MLIR text through `nnstack.interpreters.run` and is compared with
an independent numpy reference written here: plain numpy expressions.
"""

import numpy as np
import pytest
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import parse_module, run
from nnstack.interpreters.linalg import make_plan

RNG = np.random.default_rng(1234)


def randn(*shape: int, dtype: type = np.float32) -> np.ndarray:
    return RNG.standard_normal(shape).astype(dtype)


def shape_str(shape: tuple[int, ...], element: str = "f32") -> str:
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{element}>"


# ---------------------------------------------------------------------------
# Matmul and contractions
# ---------------------------------------------------------------------------


def test_matmul_accumulates_into_init():
    a, b, c = randn(5, 7), randn(7, 3), randn(5, 3)
    ir = """
func.func @f(%a: tensor<5x7xf32>, %b: tensor<7x3xf32>, %c: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<5x7xf32>, tensor<7x3xf32>) outs(%c : tensor<5x3xf32>) -> tensor<5x3xf32>
  func.return %r : tensor<5x3xf32>
}
"""
    (result,) = run(ir, "f", a, b, c)
    np.testing.assert_allclose(result, c + a.astype(np.float64) @ b, rtol=1e-5, atol=1e-5)


def test_matmul_with_indexing_maps_transposed_a():
    a, b = randn(7, 5), randn(7, 3)
    ir = """
func.func @f(%a: tensor<7x5xf32>, %b: tensor<7x3xf32>) -> tensor<5x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x3xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<5x3xf32>) -> tensor<5x3xf32>
  %r = linalg.matmul {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>,
                                       affine_map<(d0, d1, d2) -> (d2, d1)>,
                                       affine_map<(d0, d1, d2) -> (d0, d1)>]}
         ins(%a, %b : tensor<7x5xf32>, tensor<7x3xf32>) outs(%c : tensor<5x3xf32>) -> tensor<5x3xf32>
  func.return %r : tensor<5x3xf32>
}
"""
    (result,) = run(ir, "f", a, b)
    np.testing.assert_allclose(result, a.T.astype(np.float64) @ b, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("side", ["lhs", "rhs"])
def test_contraction_with_a_dim_only_one_operand_has(side: str):
    """out[i, j] += a[i, k, l] * b[k, j] (or a[i, k] * b[k, j, l]): the dim l, reduced
    and read by one operand only, is summed out of that operand before the product."""
    a_shape, b_shape = ((3, 4, 5), (4, 2)) if side == "lhs" else ((3, 4), (4, 2, 5))
    a_map = "(d0, d2, d3)" if side == "lhs" else "(d0, d2)"
    b_map = "(d2, d1)" if side == "lhs" else "(d2, d1, d3)"
    a, b = randn(*a_shape), randn(*b_shape)
    ta, tb = shape_str(a_shape), shape_str(b_shape)
    ir = f"""
func.func @f(%a: {ta}, %b: {tb}) -> tensor<3x2xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x2xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2, d3) -> {a_map}>,
                                        affine_map<(d0, d1, d2, d3) -> {b_map}>,
                                        affine_map<(d0, d1, d2, d3) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction", "reduction"]}}
       ins(%a, %b : {ta}, {tb}) outs(%c : tensor<3x2xf32>) {{
  ^bb0(%x: f32, %y: f32, %out: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %out, %p : f32
    linalg.yield %s : f32
  }} -> tensor<3x2xf32>
  func.return %r : tensor<3x2xf32>
}}
"""
    (result,) = run(ir, "f", a, b)
    subscripts = "ikl,kj->ij" if side == "lhs" else "ik,kjl->ij"
    expected = np.einsum(subscripts, a.astype(np.float64), b.astype(np.float64))
    np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)


def test_matmul_i32_wraps():
    a = np.array([[2**30, 3], [1, -4]], np.int32)
    b = np.array([[4, 0], [5, 7]], np.int32)
    ir = """
func.func @f(%a: tensor<2x2xi32>, %b: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x2xi32>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %r = linalg.matmul ins(%a, %b : tensor<2x2xi32>, tensor<2x2xi32>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return %r : tensor<2x2xi32>
}
"""
    (result,) = run(ir, "f", a, b)
    expected = (a.astype(np.int64) @ b.astype(np.int64)).astype(np.int32)  # wraps mod 2^32
    np.testing.assert_array_equal(result, expected)


MATMUL_TB_MAPS = """indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
                                   affine_map<(d0, d1, d2) -> (d1, d2)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]"""


def generic_tb(body: str, element: str = "f32") -> str:
    t = f"tensor<4x6x{element}>"
    tb = f"tensor<5x6x{element}>"
    to = f"tensor<4x5x{element}>"
    return f"""
func.func @f(%a: {t}, %b: {tb}, %c: {to}) -> {to} {{
  %r = linalg.generic {{{MATMUL_TB_MAPS}}} ins(%a, %b : {t}, {tb}) outs(%c : {to}) {{
  ^bb0(%in: {element}, %in_0: {element}, %out: {element}):
{body}
  }} -> {to}
  func.return %r : {to}
}}
"""


CONTRACTION_BODY = """    %p = arith.mulf %in, %in_0 : f32
    %s = arith.addf %out, %p : f32
    linalg.yield %s : f32"""

SCALAR_BODY = """    %p = arith.mulf %in, %in_0 : f32
    %s = arith.addf %p, %out : f32
    %true = arith.constant true
    %k = arith.select %true, %s, %out : f32
    linalg.yield %k : f32"""


def test_transposed_b_generic_fast_path_equals_scalar_fallback():
    a, b, c = randn(4, 6), randn(5, 6), randn(4, 5)
    (fast,) = run(generic_tb(CONTRACTION_BODY), "f", a, b, c)
    (slow,) = run(generic_tb(SCALAR_BODY), "f", a, b, c)
    expected = c + a.astype(np.float64) @ b.T
    np.testing.assert_allclose(fast, expected, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(slow, expected, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(fast, slow, rtol=1e-5, atol=1e-6)


def test_contraction_with_extended_integer_factors():
    a = RNG.integers(-128, 128, (4, 6)).astype(np.int8)
    b = RNG.integers(-128, 128, (5, 6)).astype(np.int8)
    c = RNG.integers(-1000, 1000, (4, 5)).astype(np.int32)
    ir = f"""
func.func @f(%a: tensor<4x6xi8>, %b: tensor<5x6xi8>, %c: tensor<4x5xi32>) -> tensor<4x5xi32> {{
  %r = linalg.generic {{{MATMUL_TB_MAPS}}} ins(%a, %b : tensor<4x6xi8>, tensor<5x6xi8>) outs(%c : tensor<4x5xi32>) {{
  ^bb0(%in: i8, %in_0: i8, %out: i32):
    %x = arith.extsi %in : i8 to i32
    %y = arith.extsi %in_0 : i8 to i32
    %p = arith.muli %x, %y : i32
    %s = arith.addi %out, %p : i32
    linalg.yield %s : i32
  }} -> tensor<4x5xi32>
  func.return %r : tensor<4x5xi32>
}}
"""
    (result,) = run(ir, "f", a, b, c)
    np.testing.assert_array_equal(result, c + a.astype(np.int32) @ b.T.astype(np.int32))


def test_plan_kinds():
    """The bodies above take the paths they are meant to test."""
    cases = {
        "contract": generic_tb(CONTRACTION_BODY),
        "scalar": generic_tb(SCALAR_BODY),
        "reduce": generic_tb(CONTRACTION_BODY.replace("arith.addf %out, %p", "arith.maximumf %out, %p")),
        "parallel": ELEMENTWISE_IR,
    }
    for kind, ir in cases.items():
        (op,) = [o for o in parse_module(ir).walk() if isinstance(o, GenericOp)]
        plan = make_plan(
            [m.data for m in op.indexing_maps],
            [str(t.data) for t in op.iterator_types],
            op.body.block,
            len(op.inputs),
            [True] * len(op.inputs),
        )
        assert plan.kind == kind, ir


# ---------------------------------------------------------------------------
# Generic: broadcasting, reductions, linalg.index, maps
# ---------------------------------------------------------------------------

ELEMENTWISE_IR = """
func.func @f(%x: tensor<2x3x4x5xf32>, %bias: tensor<3xf32>) -> tensor<2x3x4x5xf32> {
  %e = tensor.empty() : tensor<2x3x4x5xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                        affine_map<(d0, d1, d2, d3) -> (d1)>,
                                        affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%x, %bias : tensor<2x3x4x5xf32>, tensor<3xf32>) outs(%e : tensor<2x3x4x5xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %s = arith.addf %in, %b : f32
    %zero = arith.constant 0.0 : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x3x4x5xf32>
  func.return %r : tensor<2x3x4x5xf32>
}
"""


def test_generic_broadcast_bias_and_relu():
    x, bias = randn(2, 3, 4, 5), randn(3)
    x[0, 0, 0, 0] = np.nan
    (result,) = run(ELEMENTWISE_IR, "f", x, bias)
    expected = np.maximum(x + bias[None, :, None, None], np.float32(0))
    np.testing.assert_array_equal(result, expected)


def test_generic_transposed_output_map():
    x = randn(3, 4)
    ir = """
func.func @f(%x: tensor<3x4xf32>, %init: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%x : tensor<3x4xf32>) outs(%init : tensor<4x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.subf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  func.return %r : tensor<4x3xf32>
}
"""
    init = randn(4, 3)
    (result,) = run(ir, "f", x, init)
    np.testing.assert_array_equal(result, x.T - init)


def reduction_ir(combine: str, init_value: str, element: str = "f32") -> str:
    t, to = f"tensor<3x4x5x{element}>", f"tensor<3x5x{element}>"
    return f"""
func.func @f(%x: {t}) -> {to} {{
  %init = arith.constant {init_value} : {element}
  %e = tensor.empty() : {to}
  %filled = linalg.fill ins(%init : {element}) outs(%e : {to}) -> {to}
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>,
                                        affine_map<(d0, d1, d2) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}}
       ins(%x : {t}) outs(%filled : {to}) {{
  ^bb0(%in: {element}, %out: {element}):
{combine}
  }} -> {to}
  func.return %r : {to}
}}
"""


@pytest.mark.parametrize("dtype, element", [(np.float16, "f16"), (np.float32, "f32"), (np.float64, "f64")])
def test_generic_sum_reduction_dtypes(dtype, element):
    x = randn(3, 4, 5, dtype=dtype)
    body = f"""    %s = arith.addf %in, %out : {element}
    linalg.yield %s : {element}"""
    (result,) = run(reduction_ir(body, "1.5", element), "f", x)
    assert result.dtype == dtype
    expected = 1.5 + x.astype(np.float64).sum(axis=1)
    tolerance = {np.float16: 1e-2, np.float32: 1e-5, np.float64: 1e-12}[dtype]
    np.testing.assert_allclose(result, expected, rtol=tolerance, atol=tolerance)


def test_generic_max_reduction_propagates_nan():
    x = randn(3, 4, 5)
    x[1, 2, 3] = np.nan
    body = """    %m = arith.maximumf %out, %in : f32
    linalg.yield %m : f32"""
    (result,) = run(reduction_ir(body, "0xFF800000"), "f", x)
    np.testing.assert_array_equal(result, x.max(axis=1))
    assert np.isnan(result[1, 3]) and np.isnan(result).sum() == 1


def test_generic_sum_of_squares_vs_unrecognized_body():
    """`out + in*in` is a contraction; `out*0.5 + in` is no recognized reduction and
    runs point by point: both against loops over the reduction in order."""
    x = randn(3, 4, 5)
    squares = """    %p = arith.mulf %in, %in : f32
    %s = arith.addf %out, %p : f32
    linalg.yield %s : f32"""
    halving = """    %half = arith.constant 0.5 : f32
    %h = arith.mulf %out, %half : f32
    %s = arith.addf %h, %in : f32
    linalg.yield %s : f32"""
    (sum_squares,) = run(reduction_ir(squares, "0.0"), "f", x)
    (halved,) = run(reduction_ir(halving, "2.0"), "f", x)
    np.testing.assert_allclose(sum_squares, (x.astype(np.float64) ** 2).sum(axis=1), rtol=1e-5)
    expected = np.full((3, 5), 2.0, np.float32)
    for k in range(4):
        expected = expected * np.float32(0.5) + x[:, k, :]
    np.testing.assert_array_equal(halved, expected)


def test_generic_integer_reductions():
    x = RNG.integers(-50, 50, (3, 4, 5)).astype(np.int32)
    body = """    %s = arith.addi %out, %in : i32
    linalg.yield %s : i32"""
    (total,) = run(reduction_ir(body, "7", "i32"), "f", x)
    np.testing.assert_array_equal(total, 7 + x.sum(axis=1))
    body = """    %m = arith.minsi %in, %out : i32
    linalg.yield %m : i32"""
    (smallest,) = run(reduction_ir(body, "0", "i32"), "f", x)
    np.testing.assert_array_equal(smallest, np.minimum(0, x.min(axis=1)))


def test_generic_linalg_index_vectorized_and_scalar():
    """linalg.index in a parallel body (arrays) and in a scalar-path body."""
    x = randn(3, 4)
    ir = """
func.func @f(%x: tensor<3x4xf32>, %init: tensor<3xf32>) -> (tensor<3x4xf32>, tensor<3xf32>) {
  %e = tensor.empty() : tensor<3x4xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ten = arith.constant 10 : index
    %i10 = arith.muli %i, %ten : index
    %k = arith.addi %i10, %j : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f32
    %s = arith.addf %in, %kf : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
       ins(%x : tensor<3x4xf32>) outs(%init : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %w = arith.mulf %in, %jf : f32
    %s = arith.addf %out, %w : f32
    %o = arith.mulf %s, %out : f32
    %m = arith.subf %s, %o : f32
    %z = arith.addf %m, %o : f32
    linalg.yield %z : f32
  } -> tensor<3xf32>
  func.return %a, %b : tensor<3x4xf32>, tensor<3xf32>
}
"""
    init = randn(3)
    a, b = run(ir, "f", x, init)
    i, j = np.meshgrid(np.arange(3), np.arange(4), indexing="ij")
    np.testing.assert_array_equal(a, x + (10 * i + j).astype(np.float32))
    np.testing.assert_allclose(
        b, init + (x * np.arange(4, dtype=np.float32)).sum(axis=1), rtol=1e-5, atol=1e-5
    )


def test_generic_reduction_with_linalg_index_vectorized():
    x = randn(3, 4, 5)
    body = """    %k = linalg.index 2 : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %w = arith.mulf %in, %kf : f32
    %s = arith.addf %out, %w : f32
    linalg.yield %s : f32"""
    (result,) = run(reduction_ir(body, "0.0"), "f", x)
    expected = (x * np.arange(4, dtype=np.float32)[None, :, None]).sum(axis=1)
    np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)


def test_generic_non_affine_map_gathers():
    x = randn(4)
    ir = """
func.func @f(%x: tensor<4xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 floordiv 2)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
       ins(%x : tensor<4xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8xf32>
  func.return %r : tensor<8xf32>
}
"""
    (result,) = run(ir, "f", x)
    np.testing.assert_array_equal(result, np.repeat(x, 2))


@pytest.mark.parametrize(
    ("a", "b", "init", "message"),
    [
        (3, 3, 5, r"operand #2 of shape \[5\] has size 5 along axis 0, but loop d0 runs over 3"),
        (3, 4, 3, r"operand #1 of shape \[4\] has size 4 along axis 0, but loop d0 runs over 3"),
    ],
    ids=["init", "input"],
)
def test_dynamic_sizes_that_disagree_are_an_interpretation_error(a: int, b: int, init: int, message: str):
    """Upstream's verifier rejects such static shapes; dynamic ones are checked when run,
    instead of reading or writing part of an operand."""
    ir = """
func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.add ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%init : tensor<?xf32>) -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
"""
    with pytest.raises(InterpretationError, match="linalg.add: " + message):
        run(ir, "f", np.ones(a), np.ones(b), np.zeros(init))


def test_dynamic_sizes_that_disagree_after_a_scalar_operand_are_an_interpretation_error():
    """The check goes on past a scalar operand (it has no axes) to the arrays after it."""
    ir = """
func.func @f(%s: f32, %a: tensor<?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
       ins(%s, %a : f32, tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %in: f32, %out: f32):
    %m = arith.mulf %in, %x : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
"""
    message = r"linalg.generic: operand #2 of shape \[5\] has size 5 along axis 0, but loop d0 runs over 3"
    with pytest.raises(InterpretationError, match=message):
        run(ir, "f", np.float32(2.0), np.ones(3), np.zeros(5))


def test_generic_scalar_input_and_rank0_output():
    x = randn(6)
    ir = """
func.func @f(%x: tensor<6xf32>, %scale: f32, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>],
                       iterator_types = ["reduction"]}
       ins(%x, %scale : tensor<6xf32>, f32) outs(%init : tensor<f32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %p = arith.mulf %in, %s : f32
    %m = arith.addf %p, %out : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  func.return %r : tensor<f32>
}
"""
    (result,) = run(ir, "f", x, 2.0, np.array(1.0, np.float32))
    assert result.shape == ()
    np.testing.assert_allclose(result, 1.0 + 2.0 * x.sum(), rtol=1e-5)


def test_generic_on_memrefs_writes_in_place():
    x = randn(3, 4)
    out = np.full((3, 4), 9.0, np.float32)
    ir = """
func.func @f(%x: memref<3x4xf32>, %out: memref<3x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
       ins(%x : memref<3x4xf32>) outs(%out : memref<3x4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %o : f32
    linalg.yield %s : f32
  }
  func.return
}
"""
    results, arguments = run(ir, "f", x, out, return_arguments=True)
    assert results == ()
    np.testing.assert_array_equal(out, x + np.float32(9.0))
    assert arguments[1] is out


def test_tensor_results_never_alias_inputs():
    x = randn(3, 4)
    ir = """
func.func @f(%x: tensor<3x4xf32>, %init: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %r = linalg.copy ins(%x : tensor<3x4xf32>) outs(%init : tensor<3x4xf32>) -> tensor<3x4xf32>
  func.return %r : tensor<3x4xf32>
}
"""
    init = np.zeros((3, 4), np.float32)
    (result,) = run(ir, "f", x, init)
    result[...] = 5
    assert not np.any(init) and not np.any(x == 5)


# ---------------------------------------------------------------------------
# Named ops
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "op, reference",
    [
        ("add", np.add),
        ("sub", np.subtract),
        ("mul", np.multiply),
        ("max", np.maximum),
        ("min", np.minimum),
    ],
)
@pytest.mark.parametrize("dtype, element", [(np.float16, "f16"), (np.float32, "f32")])
def test_named_elementwise_binary(op, reference, dtype, element):
    a, b = randn(3, 5, dtype=dtype), randn(3, 5, dtype=dtype)
    t = f"tensor<3x5x{element}>"
    ir = f"""
func.func @f(%a: {t}, %b: {t}) -> {t} {{
  %e = tensor.empty() : {t}
  %r = linalg.{op} ins(%a, %b : {t}, {t}) outs(%e : {t}) -> {t}
  func.return %r : {t}
}}
"""
    (result,) = run(ir, "f", a, b)
    assert result.dtype == dtype
    np.testing.assert_array_equal(result, reference(a, b))


@pytest.mark.parametrize("op, reference", [("exp", np.exp), ("log", np.log), ("sqrt", np.sqrt)])
def test_named_elementwise_unary(op, reference):
    a = np.abs(randn(4, 3)) + np.float32(0.1)
    ir = f"""
func.func @f(%a: tensor<4x3xf32>) -> tensor<4x3xf32> {{
  %e = tensor.empty() : tensor<4x3xf32>
  %r = linalg.{op} ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  func.return %r : tensor<4x3xf32>
}}
"""
    (result,) = run(ir, "f", a)
    np.testing.assert_allclose(result, reference(a.astype(np.float64)), rtol=1e-6)


def test_fill_has_the_element_type_of_its_output():
    """linalg.fill run by the interpreter (not a plan) on a scalar that is a Python int,
    as runtime integers may be: the filled tensor is i8 like its type, not int64."""
    from xdsl.interpreter import Interpreter

    from nnstack.interpreters import find_function, register_nnstack_implementations

    module = parse_module("""
func.func @f(%s: i8) -> tensor<2x3xi8> {
  %e = tensor.empty() : tensor<2x3xi8>
  %fill = linalg.fill ins(%s : i8) outs(%e : tensor<2x3xi8>) -> tensor<2x3xi8>
  func.return %fill : tensor<2x3xi8>
}
""")
    interpreter = Interpreter(module)
    register_nnstack_implementations(interpreter)
    (filled,) = interpreter.call_op(find_function(module, "f"), (3,))
    assert filled.dtype == np.int8
    np.testing.assert_array_equal(filled, np.full((2, 3), 3, np.int8))


def test_fill_copy_transpose_broadcast_select():
    x, y = randn(2, 3, 4), randn(2, 3, 4)
    v = randn(3)
    cond = RNG.integers(0, 2, (2, 3, 4)).astype(bool)
    ir = """
func.func @f(%x: tensor<2x3x4xf32>, %y: tensor<2x3x4xf32>, %v: tensor<3xf32>, %c: tensor<2x3x4xi1>)
    -> (tensor<2x3xf64>, tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<2x3x5xf32>, tensor<2x3x4xf32>) {
  %half = arith.constant 0.5 : f64
  %e0 = tensor.empty() : tensor<2x3xf64>
  %filled = linalg.fill ins(%half : f64) outs(%e0 : tensor<2x3xf64>) -> tensor<2x3xf64>
  %e1 = tensor.empty() : tensor<2x3x4xf32>
  %copied = linalg.copy ins(%x : tensor<2x3x4xf32>) outs(%e1 : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %e2 = tensor.empty() : tensor<4x2x3xf32>
  %transposed = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%e2 : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  %e3 = tensor.empty() : tensor<2x3x5xf32>
  %broadcast = linalg.broadcast ins(%v : tensor<3xf32>) outs(%e3 : tensor<2x3x5xf32>) dimensions = [0, 2]
  %selected = linalg.select ins(%c, %x, %y : tensor<2x3x4xi1>, tensor<2x3x4xf32>, tensor<2x3x4xf32>)
                            outs(%e1 : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  func.return %filled, %copied, %transposed, %broadcast, %selected
    : tensor<2x3xf64>, tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<2x3x5xf32>, tensor<2x3x4xf32>
}
"""
    filled, copied, transposed, broadcast, selected = run(ir, "f", x, y, v, cond)
    np.testing.assert_array_equal(filled, np.full((2, 3), 0.5))
    assert filled.dtype == np.float64
    np.testing.assert_array_equal(copied, x)
    np.testing.assert_array_equal(transposed, np.transpose(x, (2, 0, 1)))
    np.testing.assert_array_equal(broadcast, np.broadcast_to(v[None, :, None], (2, 3, 5)))
    np.testing.assert_array_equal(selected, np.where(cond, x, y))


@pytest.mark.parametrize("combine, reference", [("arith.addf", np.sum), ("arith.maximumf", np.max)])
def test_linalg_reduce(combine, reference):
    x = randn(3, 4, 5)
    init = randn(4)
    ir = f"""
func.func @f(%x: tensor<3x4x5xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {{
  %r = linalg.reduce ins(%x : tensor<3x4x5xf32>) outs(%init : tensor<4xf32>) dimensions = [0, 2]
    (%in: f32, %acc: f32) {{
      %s = {combine} %in, %acc : f32
      linalg.yield %s : f32
    }}
  func.return %r : tensor<4xf32>
}}
"""
    (result,) = run(ir, "f", x, init)
    summed = reference(x.astype(np.float64), axis=(0, 2))
    expected = init + summed if combine == "arith.addf" else np.maximum(init, summed)
    np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)


def test_filled_tensor_is_a_value_every_consumer_can_use():
    """linalg.fill's tensor result feeds in-place-looking consumers (insert, insert_slice,
    a parallel generic, a reduction) without any of them changing the filled value."""
    ir = """
    func.func @f(%x: tensor<2x3xf32>, %s: f32) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xf32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %seven = arith.constant 7.0 : f32
      %e = tensor.empty() : tensor<2x3xf32>
      %fill = linalg.fill ins(%s : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
      %ins = tensor.insert %seven into %fill[%c1, %c0] : tensor<2x3xf32>
      %row = tensor.extract_slice %x[0, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<1x3xf32>
      %slice = tensor.insert_slice %row into %fill[1, 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<2x3xf32>
      %add = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x3xf32>) outs(%fill : tensor<2x3xf32>) {
      ^bb0(%in: f32, %out: f32):
        %v = arith.addf %in, %out : f32
        linalg.yield %v : f32
      } -> tensor<2x3xf32>
      %e2 = tensor.empty() : tensor<2xf32>
      %init = linalg.fill ins(%s : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
      %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x3xf32>) outs(%init : tensor<2xf32>) {
      ^bb0(%in: f32, %out: f32):
        %v = arith.addf %out, %in : f32
        linalg.yield %v : f32
      } -> tensor<2xf32>
      func.return %ins, %slice, %add, %sum, %fill : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xf32>
    }
    """
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    s = np.float32(0.5)
    ins, slice_, add, total, fill = run(ir, "f", x, s)
    expected_ins = np.full((2, 3), s)
    expected_ins[1, 0] = 7
    np.testing.assert_array_equal(ins, expected_ins)
    np.testing.assert_array_equal(slice_, np.array([[s, s, s], [0, 1, 2]], np.float32))
    np.testing.assert_array_equal(add, x + s)
    np.testing.assert_array_equal(total, np.array([s + 3, s + 12], np.float32))
    np.testing.assert_array_equal(fill, np.full((2, 3), s))
    assert fill.flags.writeable


# ---------------------------------------------------------------------------
# Compiled bodies (linalg/bodies.py)
# ---------------------------------------------------------------------------


def test_compiled_body_reads_outer_values_on_every_run() -> None:
    """A vectorized body compiled on its first run reads the values it takes from
    outside (a loop's running scalar, a tensor it extracts from) anew on each run: the
    generic runs once per iteration with a different %acc and %table, and each point
    also reads linalg.index (index_arrays pushed only for such bodies)."""
    text = """
func.func @f(%x: tensor<4xf32>, %table: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.empty() : tensor<4xf32>
  %one = arith.constant 1.0 : f32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x, %t = %table) -> (tensor<4xf32>, tensor<4xf32>) {
    %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]}
        ins(%acc : tensor<4xf32>) outs(%init : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %j = linalg.index 0 : index
      %v = tensor.extract %t[%j] : tensor<4xf32>
      %s = arith.addf %a, %v : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    %t2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                          iterator_types = ["parallel"]}
        ins(%t : tensor<4xf32>) outs(%init : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.addf %a, %one : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    scf.yield %y, %t2 : tensor<4xf32>, tensor<4xf32>
  }
  func.return %r#0 : tensor<4xf32>
}
"""
    x = np.array([1, 2, 3, 4], np.float32)
    table = np.array([10, 20, 30, 40], np.float32)
    # iteration i adds table + i: x + 3 * table + (0 + 1 + 2)
    (got,) = run(parse_module(text), "f", x, table, 3)
    np.testing.assert_array_equal(got, x + 3 * table + 3)


def test_named_log_matmul_and_select_on_memrefs():
    """The named linalg.log, linalg.matmul and linalg.select on memrefs (no results, so
    not a kernel: the registered implementations run) write their outputs in place
    (log and matmul within f32 rounding)."""
    ir = """
func.func @f(%x: memref<2x3xf32>, %w: memref<3x4xf32>, %c: memref<2x3xi1>,
             %l: memref<2x3xf32>, %m: memref<2x4xf32>, %s: memref<2x3xf32>) {
  linalg.log ins(%x : memref<2x3xf32>) outs(%l : memref<2x3xf32>)
  linalg.matmul ins(%x, %w : memref<2x3xf32>, memref<3x4xf32>) outs(%m : memref<2x4xf32>)
  linalg.select ins(%c, %x, %l : memref<2x3xi1>, memref<2x3xf32>, memref<2x3xf32>) outs(%s : memref<2x3xf32>)
  func.return
}
"""
    x = np.abs(randn(2, 3)) + np.float32(0.5)
    w = randn(3, 4)
    c = np.array([[True, False, True], [False, False, True]])
    log, product, selected = np.zeros((2, 3), np.float32), randn(2, 4), np.zeros((2, 3), np.float32)
    init = product.copy()
    assert run(ir, "f", x, w, c, log, product, selected) == ()
    np.testing.assert_allclose(log, np.log(x), rtol=2e-6, atol=1e-7)
    expected = init.astype(np.float64) + x.astype(np.float64) @ w.astype(np.float64)
    np.testing.assert_allclose(product, expected, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(selected, np.where(c, x, log))
