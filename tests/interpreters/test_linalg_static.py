"""Tests of the static runs of structured ops (nnstack.interpreters.linalg.static, numpy_calls).

Each program runs three ways and is compared with a numpy reference written here:
as a prepared program (its generics are kernels), through xDSL's interpreter op by op
(`Interpreter.call_op`: the static run inside the interpreter's implementation), and
with the static runs switched off (`execution.run_structured`, the general path).
The cases are the ones a fast path could get wrong: temporaries written in place
while still live, bodies reading the init or linalg.index, broadcasting and constant
maps, reductions whose init is not zero or whose value does not span the reduced
loop, f16, signed zeros, gathers out of range, and inits never written.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.interpreter import Interpreter
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters import find_function, parse_module, prepare, register_nnstack_implementations
from nnstack.interpreters.linalg import registration
from nnstack.interpreters.linalg.numpy_calls import NumpyBody, Slot, Take
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass

RNG = np.random.default_rng(77)


def randn(*shape: int, dtype: type = np.float32) -> np.ndarray:
    return RNG.standard_normal(shape).astype(dtype)


def interpret(text: str, *args: Any) -> tuple[Any, ...]:
    module = parse_module(text)
    interpreter = Interpreter(module)
    register_nnstack_implementations(interpreter)
    return tuple(interpreter.call_op(find_function(module, "f"), args))


def general(text: str, *args: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    """The results with every static run switched off (the general path)."""
    with monkeypatch.context() as patch:
        patch.setattr(registration.StaticRun, "of", staticmethod(lambda *a, **k: None))
        return interpret(text, *args)


def all_ways(text: str, *args: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, ...]]:
    """The results of a prepared program (twice: the second call reuses what the first
    worked out), of the interpreter, and of the general path; the inputs unchanged."""
    copies = [np.copy(a) for a in args]
    program = prepare(parse_module(text), "f")
    yield program(*args)
    yield program(*args)
    yield interpret(text, *args)
    yield general(text, *args, monkeypatch=monkeypatch)
    for before, after in zip(copies, args):
        np.testing.assert_array_equal(before, after)


def generics(text: str) -> list[GenericOp]:
    return [op for op in parse_module(text).walk() if isinstance(op, GenericOp)]


# ---------------------------------------------------------------------------
# Element-wise bodies: temporaries written in place, and what must not be
# ---------------------------------------------------------------------------

CHAIN = """
func.func @f(%x: tensor<2x3x4xf32>, %m: tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %e = tensor.empty() : tensor<2x3x4xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                          affine_map<(d0, d1, d2) -> (d1)>,
                                          affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                          affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%x, %m : tensor<2x3x4xf32>, tensor<3xf32>) outs(%e, %e : tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  ^bb0(%in: f32, %mean: f32, %o0: f32, %o1: f32):
    %a = arith.subf %in, %mean : f32
    %b = arith.mulf %a, %a : f32
    %c = arith.addf %b, %a : f32
    %two = arith.constant 2.0 : f32
    %d = arith.mulf %c, %two : f32
    %n = arith.negf %d : f32
    linalg.yield %n, %a : f32, f32
  } -> tensor<2x3x4xf32>, tensor<2x3x4xf32>
  func.return %r#0, %r#1 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}
"""


def test_chain_writes_dead_temporaries_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """`a` is read after `b` and is also a result: `b` must not be computed into it; the
    later ops may each write into their dying operand."""
    x, m = randn(2, 3, 4), randn(3)
    a = x - m[None, :, None]
    expected = -((a * a + a) * np.float32(2))
    for n, a_out in all_ways(CHAIN, x, m, monkeypatch=monkeypatch):
        np.testing.assert_array_equal(n, expected)
        np.testing.assert_array_equal(a_out, a)
        assert not np.shares_memory(n, a_out)


def test_chain_reuse_is_where_the_operand_dies() -> None:
    (op,) = generics(CHAIN)
    args = [
        Slot((2, 3, 4), frozenset({0, 1, 2}), np.dtype(np.float32), False),
        Slot((1, 3, 1), frozenset({1}), np.dtype(np.float32), False),
        Slot(None, frozenset(), None, False),
        Slot(None, frozenset(), None, False),
    ]
    yielded = list(op.body.block.last_op.operands)  # pyright: ignore[reportOptionalMemberAccess]
    body = NumpyBody.compile(op.body.block, yielded, set(), args, (2, 3, 4), None)
    assert body is not None
    sub, mul, add, mul2, neg = body.instructions
    assert sub.reuse is None  # operands are views of the inputs
    assert mul.reuse is None  # `a` is still read (and yielded)
    assert add.reuse == mul.result and mul2.reuse == add.result and neg.reuse == mul2.result


def test_body_reading_its_init_and_linalg_index(monkeypatch: pytest.MonkeyPatch) -> None:
    """A parallel body that reads the init (a function argument, left as it is) and the
    loop indices, with a transposed input map."""
    text = """
func.func @f(%x: tensor<4x3xf32>, %init: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%x : tensor<4x3xf32>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %i, %j : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f32
    %s = arith.addf %in, %out : f32
    %t = arith.mulf %s, %kf : f32
    linalg.yield %t : f32
  } -> tensor<3x4xf32>
  func.return %r : tensor<3x4xf32>
}
"""
    x, init = randn(4, 3), randn(3, 4)
    i, j = np.meshgrid(np.arange(3), np.arange(4), indexing="ij")
    expected = (x.T + init) * (i * j).astype(np.float32)
    for (result,) in all_ways(text, x, init, monkeypatch=monkeypatch):
        np.testing.assert_array_equal(result, expected)


def test_constant_and_broadcast_maps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Maps with a constant index on an axis of size 1 (a broadcast, as the lowerings
    give; also with the dims transposed) and on a larger axis (row 0 of 2), dims the
    operand lacks, a scalar operand."""
    text = """
func.func @f(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>, %c: tensor<2x2x4xf32>, %d: tensor<4x1x2xf32>,
             %s: f32) -> tensor<2x3x4xf32> {
  %e = tensor.empty() : tensor<2x3x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0, d2)>,
                                        affine_map<(d0, d1, d2) -> (d1, 0)>,
                                        affine_map<(d0, d1, d2) -> (d0, 0, d2)>,
                                        affine_map<(d0, d1, d2) -> (d2, 0, d0)>,
                                        affine_map<(d0, d1, d2) -> ()>,
                                        affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%a, %b, %c, %d, %s : tensor<2x1x4xf32>, tensor<3x1xf32>, tensor<2x2x4xf32>, tensor<4x1x2xf32>, f32)
       outs(%e : tensor<2x3x4xf32>) {
  ^bb0(%x: f32, %y: f32, %w: f32, %v: f32, %z: f32, %out: f32):
    %p = arith.mulf %x, %y : f32
    %q = arith.subf %p, %z : f32
    %t = arith.addf %q, %w : f32
    %u = arith.mulf %t, %v : f32
    linalg.yield %u : f32
  } -> tensor<2x3x4xf32>
  func.return %r : tensor<2x3x4xf32>
}
"""
    a, b, c, d, s = randn(2, 1, 4), randn(3, 1), randn(2, 2, 4), randn(4, 1, 2), np.float32(0.25)
    expected = (a * b[None, :, :] - s + c[:, 0:1, :]) * d[:, 0, :].T[:, None, :]
    for (result,) in all_ways(text, a, b, c, d, s, monkeypatch=monkeypatch):
        assert result.shape == (2, 3, 4) and result.dtype == np.float32
        np.testing.assert_array_equal(result, expected)


def test_contraction_with_a_broadcast_map(monkeypatch: pytest.MonkeyPatch) -> None:
    """A matmul whose lhs has a constant index on an axis of size 1, a transposed rhs
    and an init that is not zero."""
    text = """
func.func @f(%a: tensor<4x1x6xf32>, %b: tensor<5x6xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0, d2)>,
                                        affine_map<(d0, d1, d2) -> (d1, d2)>,
                                        affine_map<(d0, d1, d2) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
       ins(%a, %b : tensor<4x1x6xf32>, tensor<5x6xf32>) outs(%c : tensor<4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x5xf32>
  func.return %r : tensor<4x5xf32>
}
"""
    a, b, c = randn(4, 1, 6), randn(5, 6), randn(4, 5)
    expected = c + a[:, 0, :].astype(np.float64) @ b.T.astype(np.float64)
    for (result,) in all_ways(text, a, b, c, monkeypatch=monkeypatch):
        np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)


def test_copy_body_gives_a_new_array(monkeypatch: pytest.MonkeyPatch) -> None:
    """A body yielding its input (an expand) materializes a new array."""
    text = """
func.func @f(%v: tensor<3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%v : tensor<3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}
"""
    v = randn(3)
    for (result,) in all_ways(text, v, monkeypatch=monkeypatch):
        np.testing.assert_array_equal(result, np.broadcast_to(v, (2, 3)))
        assert result.flags.writeable and not np.shares_memory(result, v)


def test_f16_chain(monkeypatch: pytest.MonkeyPatch) -> None:
    """f16 arithmetic rounds to f16 after each op, in place or not."""
    text = """
func.func @f(%x: tensor<5x7xf16>, %y: tensor<7xf16>) -> tensor<5x7xf16> {
  %e = tensor.empty() : tensor<5x7xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%x, %y : tensor<5x7xf16>, tensor<7xf16>) outs(%e : tensor<5x7xf16>) {
  ^bb0(%in: f16, %w: f16, %out: f16):
    %third = arith.constant 0.333 : f16
    %p = arith.mulf %in, %third : f16
    %q = arith.addf %p, %w : f16
    %e2 = math.exp %q : f16
    %d = arith.divf %e2, %in : f16
    linalg.yield %d : f16
  } -> tensor<5x7xf16>
  func.return %r : tensor<5x7xf16>
}
"""
    x, y = randn(5, 7, dtype=np.float16), randn(7, dtype=np.float16)
    expected = np.exp(x * np.float16(0.333) + y) / x
    for (result,) in all_ways(text, x, y, monkeypatch=monkeypatch):
        assert result.dtype == np.float16
        np.testing.assert_array_equal(result, expected)


@pytest.mark.parametrize(
    ("op", "constant", "expected"),
    [
        ("maximumf", "0.0", [0.0, 0.0, 0.0, 2.0, np.nan, 0.0]),
        ("maximumf", "-0.0", [-0.0, 0.0, -0.0, 2.0, np.nan, -0.0]),
        ("maximumf", "-1.0", [-0.0, 0.0, -1.0, 2.0, np.nan, -1.0]),
        ("minimumf", "0.0", [-0.0, 0.0, -3.0, 0.0, np.nan, -np.inf]),
        ("minimumf", "1.0", [-0.0, 0.0, -3.0, 1.0, np.nan, -np.inf]),
    ],
)
@pytest.mark.parametrize("operands", ["%in, %c", "%c, %in"])
def test_extremum_with_a_constant_keeps_signed_zeros_and_nan(
    op: str, constant: str, expected: list[float], operands: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """maximumf(-0.0, +0.0) is +0.0 and minimumf(-0.0, +0.0) is -0.0 (IEEE 754-2019) in
    either order, NaN propagates: numpy's maximum gives its second operand on a tie, so a
    ReLU written with it alone gives -0.0 for maximumf(+0.0, -0.0)."""
    text = f"""
func.func @f(%x: tensor<6xf32>) -> tensor<6xf32> {{
  %e = tensor.empty() : tensor<6xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}}
       ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) {{
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant {constant} : f32
    %m = arith.{op} {operands} : f32
    linalg.yield %m : f32
  }} -> tensor<6xf32>
  func.return %r : tensor<6xf32>
}}
"""
    x = np.array([-0.0, 0.0, -3.0, 2.0, np.nan, -np.inf], np.float32)
    want = np.array(expected, np.float32)
    for (result,) in all_ways(text, x, monkeypatch=monkeypatch):
        np.testing.assert_array_equal(result, want)
        np.testing.assert_array_equal(np.signbit(result), np.signbit(want))


# ---------------------------------------------------------------------------
# Reductions
# ---------------------------------------------------------------------------


def test_reductions_with_init_values_and_two_outputs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sum and max over the middle loop into inits that are not the identity, one of them
    a function argument (unchanged), the combiner's operands in either order."""
    text = """
func.func @f(%x: tensor<3x4x5xf32>, %init: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>) {
  %c = arith.constant -1.0 : f32
  %e = tensor.empty() : tensor<3x5xf32>
  %filled = linalg.fill ins(%c : f32) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                          affine_map<(d0, d1, d2) -> (d0, d2)>,
                                          affine_map<(d0, d1, d2) -> (d0, d2)>],
                         iterator_types = ["parallel", "reduction", "parallel"]}
       ins(%x : tensor<3x4x5xf32>) outs(%init, %filled : tensor<3x5xf32>, tensor<3x5xf32>) {
  ^bb0(%in: f32, %acc: f32, %top: f32):
    %sq = arith.mulf %in, %in : f32
    %half = arith.constant 0.5 : f32
    %h = arith.mulf %sq, %half : f32
    %s = arith.addf %h, %acc : f32
    %m = arith.maximumf %top, %in : f32
    linalg.yield %s, %m : f32, f32
  } -> tensor<3x5xf32>, tensor<3x5xf32>
  func.return %r#0, %r#1 : tensor<3x5xf32>, tensor<3x5xf32>
}
"""
    x, init = randn(3, 4, 5), randn(3, 5)
    for total, top in all_ways(text, x, init, monkeypatch=monkeypatch):
        np.testing.assert_allclose(total, init + (x.astype(np.float64) ** 2 / 2).sum(axis=1), rtol=1e-5)
        np.testing.assert_array_equal(top, np.maximum(-1, x.max(axis=1)))


def test_reduced_value_that_does_not_span_the_reduced_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """A body whose value depends only on the kept loop is summed once per point of the
    reduced loop (it is broadcast over it first)."""
    text = """
func.func @f(%v: tensor<3xf32>, %w: tensor<4xf32>) -> tensor<3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %filled = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>,
                                        affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
       ins(%v, %w : tensor<3xf32>, tensor<4xf32>) outs(%filled : tensor<3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}
"""
    v, w = randn(3), randn(4)
    for (result,) in all_ways(text, v, w, monkeypatch=monkeypatch):
        np.testing.assert_allclose(result, 4 * v.astype(np.float64), rtol=1e-6)


def test_reduced_value_that_depends_on_no_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """A body adding a scalar from outside the loops (not an array) counts it once per
    point of the reduced loops: init + 4 * 6 * s."""
    text = """
func.func @f(%x: tensor<3x4x6xf32>, %s: f32, %init: tensor<3xf32>) -> tensor<3xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> ()>,
                                        affine_map<(d0, d1, d2) -> (d0)>],
                       iterator_types = ["parallel", "reduction", "reduction"]}
       ins(%x, %s : tensor<3x4x6xf32>, f32) outs(%init : tensor<3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %t = arith.addf %acc, %b : f32
    linalg.yield %t : f32
  } -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}
"""
    x, init = randn(3, 4, 6), randn(3)
    for (result,) in all_ways(text, x, np.float32(0.5), init, monkeypatch=monkeypatch):
        assert result.dtype == np.float32
        np.testing.assert_allclose(result, init + 12.0, rtol=1e-6)


def test_i32_sum_wraps(monkeypatch: pytest.MonkeyPatch) -> None:
    text = """
func.func @f(%x: tensor<2x3xi32>, %init: tensor<2xi32>) -> tensor<2xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
       ins(%x : tensor<2x3xi32>) outs(%init : tensor<2xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %s = arith.addi %acc, %in : i32
    linalg.yield %s : i32
  } -> tensor<2xi32>
  func.return %r : tensor<2xi32>
}
"""
    x = np.array([[2**30, 2**30, 2**30], [-5, 6, -7]], np.int32)
    init = np.array([2**30, 100], np.int32)
    expected = ((x.astype(np.int64).sum(axis=1) + init + 2**31) % 2**32 - 2**31).astype(np.int32)
    for (result,) in all_ways(text, x, init, monkeypatch=monkeypatch):
        assert result.dtype == np.int32
        np.testing.assert_array_equal(result, expected)


# ---------------------------------------------------------------------------
# Gathers
# ---------------------------------------------------------------------------

EMBEDDING = """
func.func @f(%ids: tensor<2x3xi64>, %table: tensor<5x4xf32>) -> tensor<2x3x4xf32> {
  %e = tensor.empty() : tensor<2x3x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%ids : tensor<2x3xi64>) outs(%e : tensor<2x3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %i = arith.index_cast %in : i64 to index
    %c0 = arith.constant 0 : index
    %neg = arith.cmpi slt, %i, %c0 : index
    %c5 = arith.constant 5 : index
    %w = arith.addi %i, %c5 : index
    %k = arith.select %neg, %w, %i : index
    %j = linalg.index 2 : index
    %v = tensor.extract %table[%k, %j] : tensor<5x4xf32>
    linalg.yield %v : f32
  } -> tensor<2x3x4xf32>
  func.return %r : tensor<2x3x4xf32>
}
"""


def test_embedding_lookup_is_a_take_with_wrapped_indices(monkeypatch: pytest.MonkeyPatch) -> None:
    ids = np.array([[0, 4, -1], [-5, 2, 3]], np.int64)
    table = randn(5, 4)
    for (result,) in all_ways(EMBEDDING, ids, table, monkeypatch=monkeypatch):
        np.testing.assert_array_equal(result, table[ids % 5])


def test_embedding_lookup_compiles_to_take() -> None:
    (op,) = generics(EMBEDDING)
    args = [
        Slot((2, 3, 1), frozenset({0, 1}), np.dtype(np.int64), False),
        Slot(None, frozenset(), None, False),
    ]
    yielded = list(op.body.block.last_op.operands)  # pyright: ignore[reportOptionalMemberAccess]
    body = NumpyBody.compile(op.body.block, yielded, set(), args, (2, 3, 4), None)
    assert body is not None
    assert isinstance(body.instructions[-1].run, Take)


@pytest.mark.parametrize(("bad", "shown"), [(5, 5), (-6, -1), (7, 7)])
def test_gather_out_of_range_is_tensor_extracts_error(
    bad: int, shown: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index after wrapping (-6 + 5 = -1) is reported, as tensor.extract reports it
    on every path."""
    ids = np.array([[0, 1, 2], [3, bad, 1]], np.int64)
    table = randn(5, 4)
    message = rf"tensor.extract: index {shown} out of range for dim 0 of size 5 \(tensor shape \[5, 4\]\)"
    with pytest.raises(InterpretationError, match=message):
        prepare(parse_module(EMBEDDING), "f")(ids, table)
    with pytest.raises(InterpretationError, match=message):
        interpret(EMBEDDING, ids, table)
    with pytest.raises(InterpretationError, match=message):
        general(EMBEDDING, ids, table, monkeypatch=monkeypatch)


def test_gather_along_the_indexed_axis_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """gather_elements: the computed index and linalg.index share the loops (no take)."""
    text = """
func.func @f(%ids: tensor<2x3xi64>, %table: tensor<2x4xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%ids : tensor<2x3xi64>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %i = linalg.index 0 : index
    %v = tensor.extract %table[%i, %k] : tensor<2x4xf32>
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}
"""
    ids = np.array([[3, 0, 0], [1, 2, 3]], np.int64)
    table = randn(2, 4)
    for (result,) in all_ways(text, ids, table, monkeypatch=monkeypatch):
        np.testing.assert_array_equal(result, np.take_along_axis(table, ids, axis=1))
    with pytest.raises(InterpretationError, match=r"index 4 out of range for dim 1 of size 4"):
        prepare(parse_module(text), "f")(np.array([[0, 4, 0], [0, 0, 0]], np.int64), table)


# ---------------------------------------------------------------------------
# Inits: never written, shared between ops
# ---------------------------------------------------------------------------


def test_one_empty_feeds_several_ops_and_is_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same tensor.empty is the init of an element-wise op, a fill, a reduction's
    fill and a function result: each result is its own value and the empty stays zero."""
    text = """
func.func @f(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<2xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
       ins(%f : tensor<2x3xf32>) outs(%e2 : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  func.return %a, %f, %e, %sum : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>
}
"""
    x = randn(2, 3)
    program = prepare(parse_module(text), "f")
    for a, f, e, total in [program(x), program(x), interpret(text, x)]:
        np.testing.assert_array_equal(a, x)
        np.testing.assert_array_equal(f, np.ones((2, 3), np.float32))
        np.testing.assert_array_equal(e, np.zeros((2, 3), np.float32))
        np.testing.assert_array_equal(total, [3, 3])
    a, f, e, _ = program(x)
    assert a.flags.writeable and f.flags.writeable and e.flags.writeable
    e[...] = 5  # a caller's result is its own: the next call still starts from zeros
    np.testing.assert_array_equal(program(x)[2], np.zeros((2, 3), np.float32))


def test_kernel_after_a_cast_from_a_dynamic_shape() -> None:
    """A generic whose operand comes from an op without a kernel (its type is then
    checked by the kernel); a wrong runtime shape is reported by the cast."""
    text = """
func.func @f(%x: tensor<?xf32>) -> tensor<3xf32> {
  %c = tensor.cast %x : tensor<?xf32> to tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
       ins(%c : tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}
"""
    program = prepare(parse_module(text), "f")
    np.testing.assert_array_equal(program(np.arange(3, dtype=np.float32))[0], -np.arange(3, dtype=np.float32))
    with pytest.raises(InterpretationError, match=r"tensor.cast: runtime shape \[4\] does not match"):
        program(np.arange(4, dtype=np.float32))


def test_scalar_operand_computes_in_its_type(monkeypatch: pytest.MonkeyPatch) -> None:
    """A scalar f32 operand given as a Python float is an f32: s * s rounds to f32 (in
    f64 it would round differently), and two outputs yielding one value are two arrays."""
    text = """
func.func @f(%x: tensor<3xf32>, %s: f32) -> (tensor<3xf32>, tensor<3xf32>) {
  %e = tensor.empty() : tensor<3xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>,
                                          affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]}
       ins(%x, %s : tensor<3xf32>, f32) outs(%e, %e : tensor<3xf32>, tensor<3xf32>) {
  ^bb0(%in: f32, %t: f32, %o0: f32, %o1: f32):
    %p = arith.mulf %t, %t : f32
    %q = arith.addf %in, %p : f32
    linalg.yield %q, %q : f32, f32
  } -> tensor<3xf32>, tensor<3xf32>
  func.return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}
"""
    x = np.zeros(3, np.float32)
    expected = x + np.float32(0.1) * np.float32(0.1)
    assert expected[0] != np.float32(0.1 * 0.1)
    for a, b in [*all_ways(text, x, np.float32(0.1), monkeypatch=monkeypatch), interpret(text, x, 0.1)]:
        np.testing.assert_array_equal(a, expected)
        np.testing.assert_array_equal(b, expected)
        assert not np.shares_memory(a, b)


# ---------------------------------------------------------------------------
# Ops of one structure share a kernel
# ---------------------------------------------------------------------------


def scaled(name: str, source: str, scale: str, predicate: str = "ogt") -> str:
    """A generic %name = source * scale where source > 0, else 0 (scale: a constant in its body)."""
    return f"""
  %{name} = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                             iterator_types = ["parallel"]}}
       ins(%{source} : tensor<8xf32>) outs(%e : tensor<8xf32>) {{
  ^bb0(%in: f32, %out: f32):
    %k = arith.constant {scale} : f32
    %zero = arith.constant 0.0 : f32
    %p = arith.mulf %in, %k : f32
    %c = arith.cmpf {predicate}, %in, %zero : f32
    %s = arith.select %c, %p, %zero : f32
    linalg.yield %s : f32
  }} -> tensor<8xf32>"""


LAYERS = f"""
func.func @f(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {{
  %e = tensor.empty() : tensor<8xf32>
  {scaled("ra", "x", "2.0")}
  {scaled("rb", "ra", "2.0")}
  {scaled("rc", "x", "3.0")}
  {scaled("rd", "x", "2.0", "olt")}
  func.return %ra, %rb, %rc, %rd : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}}
"""


@pytest.fixture
def kernels_made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ops whose linalg kernels are made from now on, by name."""
    made: list[str] = []
    make = registration._kernel  # pyright: ignore[reportPrivateUsage]

    def counting(op: Any, *args: Any) -> Any:
        made.append(op.name)
        return make(op, *args)

    monkeypatch.setattr(registration, "_kernel", counting)
    return made


def test_ops_of_one_structure_share_a_kernel(kernels_made: list[str]) -> None:
    """Two generics that differ only in their operands get one kernel (it is made once);
    a constant or a predicate of their bodies that differs makes another structure.
    Each computes its own values."""
    x = np.array([-2, -1, 0, 0.5, 1, 2, 3, -0.5], np.float32)
    program = prepare(parse_module(LAYERS), "f")
    assert kernels_made == ["linalg.generic"] * 3  # a and b share one; c and d each have theirs
    a = np.where(x > 0, x * 2, 0)
    expected = (a, np.where(a > 0, a * 2, 0), np.where(x > 0, x * 3, 0), np.where(x < 0, x * 2, 0))
    for got, want in zip(program(x), expected, strict=True):
        np.testing.assert_array_equal(got, want)


def test_a_body_reading_a_value_from_outside_has_no_structure() -> None:
    text = """
func.func @f(%x: tensor<8xf32>, %k: f32) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
       ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.mulf %in, %k : f32
    linalg.yield %p : f32
  } -> tensor<8xf32>
  func.return %r : tensor<8xf32>
}
"""
    (op,) = generics(text)
    assert registration._structure(op) is None  # pyright: ignore[reportPrivateUsage]
    assert registration._structure(generics(LAYERS)[0]) is not None  # pyright: ignore[reportPrivateUsage]


def binary(name: str, lhs: str, rhs: str, op: str, order: str) -> str:
    """A generic %name = op(lhs, rhs) in the order `order` of its block arguments ("ab":
    op %a, %b; "ba": op %b, %a)."""
    first, second = ("%a", "%b") if order == "ab" else ("%b", "%a")
    return f"""
  %{name} = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>,
                                              affine_map<(d0) -> (d0)>],
                             iterator_types = ["parallel"]}}
       ins(%{lhs}, %{rhs} : tensor<6xf32>, tensor<6xf32>) outs(%e : tensor<6xf32>) {{
  ^bb0(%a: f32, %b: f32, %out: f32):
    %r = {op} {first}, {second} : f32
    linalg.yield %r : f32
  }} -> tensor<6xf32>"""


def test_bodies_that_differ_in_operand_order_have_their_own_kernels(kernels_made: list[str]) -> None:
    """subf and divf of the block arguments in either order are four structures (a
    kernel each); the same body over the operands swapped shares the first one's. Each
    is numpy's f32 result exactly (one correctly rounded operation per element)."""
    text = f"""
func.func @f(%x: tensor<6xf32>, %y: tensor<6xf32>)
    -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {{
  %e = tensor.empty() : tensor<6xf32>
  {binary("s1", "x", "y", "arith.subf", "ab")}
  {binary("s2", "x", "y", "arith.subf", "ba")}
  {binary("d1", "x", "y", "arith.divf", "ab")}
  {binary("d2", "x", "y", "arith.divf", "ba")}
  {binary("s3", "y", "x", "arith.subf", "ab")}
  func.return %s1, %s2, %d1, %d2, %s3 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}}
"""
    x = np.array([3, -1.5, 0.25, 7, 10, -4], np.float32)
    y = np.array([2, 0.5, -8, 7, 0.1, 3], np.float32)
    program = prepare(parse_module(text), "f")
    expected = (x - y, y - x, x / y, y / x, y - x)
    for _ in range(2):
        for got, want in zip(program(x, y), expected, strict=True):
            assert got.dtype == np.float32
            np.testing.assert_array_equal(got, want)
    assert kernels_made == ["linalg.generic"] * 4  # s3 shares s1's


def weighted(name: str, weights: str) -> str:
    return f"""
  %{name} = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>,
                                              affine_map<(d0) -> (d0)>],
                             iterator_types = ["parallel"]}}
       ins(%x, %{weights} : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {{
  ^bb0(%in: f32, %w: f32, %out: f32):
    %p = arith.mulf %in, %w : f32
    linalg.yield %p : f32
  }} -> tensor<4xf32>"""


def test_element_wise_ops_with_other_constants_share_a_kernel(kernels_made: list[str]) -> None:
    """Two layers' `x * weights` with their own constant weights: one kernel (an
    element-wise kernel does not read its constants when it is made), each layer's
    product with its own weights."""
    text = f"""
func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {{
  %e = tensor.empty() : tensor<4xf32>
  %w1 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %w2 = arith.constant dense<[-1.0, 0.5, 0.25, 8.0]> : tensor<4xf32>
  {weighted("r1", "w1")}
  {weighted("r2", "w2")}
  func.return %r1, %r2 : tensor<4xf32>, tensor<4xf32>
}}
"""
    x = np.array([1, 2, 3, 4], np.float32)
    first, second = prepare(parse_module(text), "f")(x)
    assert kernels_made == ["linalg.generic"]
    np.testing.assert_array_equal(first, x * [1, 2, 3, 4])
    np.testing.assert_array_equal(second, x * [-1, 0.5, 0.25, 8])


def test_products_with_other_constant_weights_keep_their_own_kernels() -> None:
    """Two layers' products of a few rows with their own constant weights: a kernel
    each, as each lays out its weights (`blas.ConstantProduct`, from the second run on),
    each layer's product with its own weights on every run."""
    rng = np.random.default_rng(5)
    x = rng.standard_normal((4, 64)).astype(np.float32)
    w1, w2 = (rng.standard_normal((64, 2048)).astype(np.float32) for _ in range(2))
    xt, wt, rt = "tensor<4x64xf32>", "tensor<64x2048xf32>", "tensor<4x2048xf32>"
    text = f"""
func.func @f(%x: {xt}) -> ({rt}, {rt}) {{
  %w1 = gawee.constant dense<"0x{w1.tobytes().hex()}"> : {wt}
  %w2 = gawee.constant dense<"0x{w2.tobytes().hex()}"> : {wt}
  %r1 = gawee.matmul %x, %w1 : ({xt}, {wt}) -> {rt}
  %r2 = gawee.matmul %x, %w2 : ({xt}, {wt}) -> {rt}
  func.return %r1, %r2 : {rt}, {rt}
}}
"""
    module = parse_module(text)
    ConvertGaweeToLinalgPass().apply(Context(), module)
    program = prepare(module, "f")
    for _ in range(3):
        first, second = program(x)
        np.testing.assert_allclose(first, x.astype(np.float64) @ w1, rtol=1e-4, atol=1e-4)
        np.testing.assert_allclose(second, x.astype(np.float64) @ w2, rtol=1e-4, atol=1e-4)
