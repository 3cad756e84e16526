"""Numeric tests of the mir interpreter: every op against an independent reference.

The references are written here with explicit loops or index lists (Python `range`
for slices, per-element loops for gather/scatter/cast, per-window loops for conv and
pool), not with the numpy calls the interpreter itself uses. Control flow and
alloc_tensor / dealloc_tensor are in test_mir_control_flow.py, which uses the helpers here.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Callable, Sequence

import numpy as np
import pytest
from rounding_cases import REFERENCES, assert_same_floats, values
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import DYNAMIC_INDEX, ModuleOp, TensorType, f16, f32, f64, i1, i8, i32, i64
from xdsl.interpreter import Interpreter
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.ir import Attribute, Block, Operation, Region
from xdsl.parser import Parser
from xdsl.universe import Universe
from xdsl.utils.exceptions import InterpretationError

import nnstack.interpreters
from nnstack.dialects import mir
from nnstack.interpreters.mir import MirFunctions

ELEMENT_TYPES: dict[type, Attribute] = {
    np.float16: f16,
    np.float32: f32,
    np.float64: f64,
    np.bool_: i1,
    np.int8: i8,
    np.int32: i32,
    np.int64: i64,
}


def context() -> Context:
    ctx = Context()
    for name, factory in Universe.get_multiverse().all_dialects.items():
        ctx.register_dialect(name, factory)
    return ctx


def interpret(module: ModuleOp, *args: object, symbol: str = "main") -> tuple:
    module.verify()
    interpreter = Interpreter(module)
    for functions in (FuncFunctions(), ArithFunctions(), MirFunctions()):
        interpreter.register_implementations(functions)
    return interpreter.call_op(symbol, args)


def run_text(text: str, *args: object) -> tuple:
    return interpret(Parser(context(), text).parse_module(), *args)


def run_ops(build: Callable[..., Operation | Sequence[Operation]], *arrays: np.ndarray) -> np.ndarray:
    """Builds `@main(arrays...)` from the ops `build(*args)` returns; runs it; returns the last result."""
    block = Block(arg_types=[TensorType(ELEMENT_TYPES[a.dtype.type], a.shape) for a in arrays])
    built = build(*block.args)
    ops = [built] if isinstance(built, Operation) else list(built)
    block.add_ops([*ops, func.ReturnOp(ops[-1].results[0])])
    function = func.FuncOp("main", ([a.type for a in block.args], [ops[-1].results[0].type]), Region(block))
    (result,) = interpret(ModuleOp([function]), *arrays)
    assert isinstance(result, np.ndarray)
    assert result.dtype == np.dtype(
        next(k for k, v in ELEMENT_TYPES.items() if v == mir.element_type(ops[-1].results[0]))
    )
    return result


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(0)


# ---------------------------------------------------------------------------
# Element-wise
# ---------------------------------------------------------------------------

BINARY: list[tuple[type[mir.BroadcastBinaryOp], Callable[[float, float], float]]] = [
    (mir.BroadcastAddOp, lambda a, b: a + b),
    (mir.BroadcastSubOp, lambda a, b: a - b),
    (mir.BroadcastMulOp, lambda a, b: a * b),
    (mir.BroadcastDivOp, lambda a, b: a / b),
    (mir.BroadcastMaxOp, max),
    (mir.BroadcastMinOp, min),
]


def broadcast_reference(
    lhs: np.ndarray, rhs: np.ndarray, scalar: Callable[[float, float], float]
) -> np.ndarray:
    """Right-aligned broadcasting spelled out: every output index maps to both inputs."""
    shape = mir.broadcast_shape(lhs.shape, rhs.shape)
    assert shape is not None
    out = np.zeros(shape)
    for index in np.ndindex(*shape):
        a = tuple(i if d > 1 else 0 for i, d in zip(index[len(index) - lhs.ndim :], lhs.shape))
        b = tuple(i if d > 1 else 0 for i, d in zip(index[len(index) - rhs.ndim :], rhs.shape))
        out[index] = scalar(float(lhs[a]), float(rhs[b]))
    return out


@pytest.mark.parametrize(("op", "scalar"), BINARY, ids=[op.name for op, _ in BINARY])
@pytest.mark.parametrize(("lhs_shape", "rhs_shape"), [((2, 3), (2, 3)), ((2, 1, 4), (3, 1)), ((4,), ())])
def test_broadcast_float(op, scalar, lhs_shape, rhs_shape, rng):
    lhs = np.asarray(rng.standard_normal(lhs_shape), np.float32)
    rhs = np.asarray(rng.standard_normal(rhs_shape) + 3, np.float32)
    got = run_ops(lambda a, b: op(a, b), lhs, rhs)
    np.testing.assert_allclose(got, broadcast_reference(lhs, rhs, scalar), rtol=1e-6)


def test_broadcast_integer_division_truncates():
    lhs = np.array([7, -7, 7, -7, 6, 0], dtype=np.int32)
    rhs = np.array([2, 2, -2, -2, 3, 5], dtype=np.int32)
    got = run_ops(lambda a, b: mir.BroadcastDivOp(a, b), lhs, rhs)
    np.testing.assert_array_equal(got, [3, -3, -3, 3, 2, 0])


def test_broadcast_integer_arithmetic_wraps():
    lhs = np.array([127, -128, 100], dtype=np.int8)
    rhs = np.array([1, 1, 2], dtype=np.int8)
    np.testing.assert_array_equal(run_ops(lambda a, b: mir.BroadcastAddOp(a, b), lhs, rhs), [-128, -127, 102])
    np.testing.assert_array_equal(run_ops(lambda a, b: mir.BroadcastMulOp(a, b), lhs, rhs), [127, -128, -56])


def test_broadcast_integer_division_by_zero_is_an_error():
    with pytest.raises(
        InterpretationError,
        match=re.escape(
            "mir.broadcast_div: integer division by zero (a value of type tensor<2xi64> has a zero element)"
        ),
    ):
        run_ops(lambda a, b: mir.BroadcastDivOp(a, b), np.ones(2, np.int64), np.zeros(2, np.int64))


def test_broadcast_float_division_by_zero_is_ieee():
    got = run_ops(
        lambda a, b: mir.BroadcastDivOp(a, b), np.array([1, -1, 0], np.float32), np.zeros(3, np.float32)
    )
    assert got[0] == np.inf and got[1] == -np.inf and np.isnan(got[2])


def test_broadcast_max_propagates_nan():
    got = run_ops(lambda a, b: mir.BroadcastMaxOp(a, b), np.array([np.nan, 1.0]), np.array([0.0, np.nan]))
    assert np.isnan(got).all()


@pytest.mark.parametrize(
    ("op", "scalar"),
    [(mir.SqrtOp, math.sqrt), (mir.ExpOp, math.exp), (mir.NegOp, lambda v: -v)],
    ids=["sqrt", "exp", "neg"],
)
def test_unary(op, scalar, rng):
    x = rng.uniform(0.1, 3.0, (3, 4)).astype(np.float64)
    expected = np.vectorize(scalar)(x)
    np.testing.assert_allclose(run_ops(lambda a: op(a), x), expected, rtol=1e-12)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64], ids=["f16", "f32", "f64"])
@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_rounding(name: str, dtype: type):
    op = {"floor": mir.FloorOp, "ceil": mir.CeilOp, "round": mir.RoundOp}[name]
    x = values(dtype)
    assert_same_floats(run_ops(lambda a: op(a), x), REFERENCES[name](x))


def test_neg_integer():
    np.testing.assert_array_equal(run_ops(lambda a: mir.NegOp(a), np.array([1, -5, 0], np.int32)), [-1, 5, 0])


# ---------------------------------------------------------------------------
# Convolution, pooling, matmul
# ---------------------------------------------------------------------------


def conv_reference(x, w, stride, padding, dilation, groups) -> np.ndarray:
    """NHWC / HWCF convolution, one output element at a time, in f64."""
    n, h, wd, c = x.shape
    kh, kw, cg, f = w.shape
    top, left, bottom, right = padding
    padded = np.zeros((n, h + top + bottom, wd + left + right, c))
    padded[:, top : top + h, left : left + wd] = x
    oh = (h + top + bottom - dilation[0] * (kh - 1) - 1) // stride[0] + 1
    ow = (wd + left + right - dilation[1] * (kw - 1) - 1) // stride[1] + 1
    out = np.zeros((n, oh, ow, f))
    per_group = f // groups
    for o, i, j in itertools.product(range(f), range(oh), range(ow)):
        g = o // per_group
        for a, b in itertools.product(range(kh), range(kw)):
            patch = padded[
                :, i * stride[0] + a * dilation[0], j * stride[1] + b * dilation[1], g * cg : (g + 1) * cg
            ]
            out[:, i, j, o] += patch @ w[a, b, :, o]
    return out


@pytest.mark.parametrize(
    ("input_shape", "weight_shape", "stride", "padding", "dilation", "groups"),
    [
        ((1, 6, 6, 3), (3, 3, 3, 4), (1, 1), (1, 1, 1, 1), (1, 1), 1),
        ((2, 9, 8, 4), (3, 2, 2, 6), (2, 1), (0, 1, 2, 0), (1, 2), 2),
        ((1, 10, 9, 2), (3, 3, 2, 5), (3, 2), (2, 0, 1, 3), (2, 2), 1),
        ((2, 7, 7, 4), (3, 3, 1, 4), (2, 2), (1, 1, 1, 1), (1, 1), 4),
    ],
    ids=["basic", "grouped-asymmetric", "strided-dilated", "depthwise"],
)
def test_conv(input_shape, weight_shape, stride, padding, dilation, groups, rng):
    x = rng.standard_normal(input_shape).astype(np.float32)
    w = rng.standard_normal(weight_shape).astype(np.float32)
    got = run_ops(
        lambda a, b: mir.ConvOp(a, b, stride=stride, padding=padding, dilation=dilation, groups=groups), x, w
    )
    np.testing.assert_allclose(
        got, conv_reference(x, w, stride, padding, dilation, groups), rtol=1e-5, atol=1e-5
    )


def pool_reference(x, kind, kernel, stride, padding, dilation) -> np.ndarray:
    """Each window's real (non-padding) positions, reduced one window at a time."""
    n, h, w, c = x.shape
    top, left, bottom, right = padding
    oh = (h + top + bottom - dilation[0] * (kernel[0] - 1) - 1) // stride[0] + 1
    ow = (w + left + right - dilation[1] * (kernel[1] - 1) - 1) // stride[1] + 1
    out = np.zeros((n, oh, ow, c))
    for i, j in itertools.product(range(oh), range(ow)):
        rows = [i * stride[0] - top + a * dilation[0] for a in range(kernel[0])]
        cols = [j * stride[1] - left + b * dilation[1] for b in range(kernel[1])]
        values = x[:, [r for r in rows if 0 <= r < h]][:, :, [q for q in cols if 0 <= q < w]]
        reduce = {"max": np.max, "sum": np.sum, "avg": np.mean}[kind]
        out[:, i, j] = reduce(values.astype(np.float64), axis=(1, 2))
    return out


@pytest.mark.parametrize("kind", ["max", "sum", "avg"])
@pytest.mark.parametrize(
    ("kernel", "stride", "padding", "dilation"),
    [
        ((2, 2), (2, 2), (0, 0, 0, 0), (1, 1)),
        ((3, 3), (2, 1), (1, 0, 2, 1), (1, 1)),
        ((3, 2), (1, 2), (2, 1, 2, 1), (2, 2)),
    ],
    ids=["plain", "asymmetric-padding", "dilated"],
)
def test_pool(kind, kernel, stride, padding, dilation, rng):
    x = rng.standard_normal((2, 7, 8, 3)).astype(np.float32)
    got = run_ops(
        lambda a: mir.PoolOp(a, kind, kernel_size=kernel, stride=stride, padding=padding, dilation=dilation),
        x,
    )
    np.testing.assert_allclose(
        got, pool_reference(x, kind, kernel, stride, padding, dilation), rtol=1e-5, atol=1e-6
    )


def test_max_pool_padding_never_wins():
    x = -np.ones((1, 2, 2, 1), np.float32)
    got = run_ops(lambda a: mir.PoolOp(a, "max", kernel_size=(2, 2), padding=(1, 1, 1, 1)), x)
    np.testing.assert_array_equal(got, -np.ones((1, 3, 3, 1)))


@pytest.mark.parametrize(
    ("lhs_shape", "rhs_shape"), [((3, 4), (4, 5)), ((2, 3, 4), (4, 2)), ((2, 1, 3, 4), (5, 4, 2))]
)
def test_matmul(lhs_shape, rhs_shape, rng):
    lhs = rng.standard_normal(lhs_shape)
    rhs = rng.standard_normal(rhs_shape)
    shape = mir.matmul_shape(lhs_shape, rhs_shape)
    assert shape is not None
    expected = np.zeros(shape)
    for index in np.ndindex(*shape[:-2]):
        a = lhs[tuple(i if d > 1 else 0 for i, d in zip(index[len(index) - lhs.ndim + 2 :], lhs.shape[:-2]))]
        b = rhs[tuple(i if d > 1 else 0 for i, d in zip(index[len(index) - rhs.ndim + 2 :], rhs.shape[:-2]))]
        for m, k in itertools.product(range(shape[-2]), range(shape[-1])):
            expected[(*index, m, k)] = sum(a[m, t] * b[t, k] for t in range(lhs_shape[-1]))
    np.testing.assert_allclose(run_ops(lambda x, y: mir.MatmulOp(x, y), lhs, rhs), expected, rtol=1e-12)


# ---------------------------------------------------------------------------
# Reductions
# ---------------------------------------------------------------------------

COMBINE: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "sum": lambda a, b: a + b,
    "mean": lambda a, b: a + b,
    "max": lambda a, b: np.where(a > b, a, b),
    "min": lambda a, b: np.where(a < b, a, b),
    "prod": lambda a, b: a * b,
    "any": lambda a, b: a | b,
    "all": lambda a, b: a & b,
}


def reduce_reference(x: np.ndarray, kind: str, axes: Sequence[int], keep_dims: bool) -> np.ndarray:
    """Moves the reduced axes last, flattens them and folds the slices pairwise."""
    moved = np.moveaxis(x, list(axes), list(range(x.ndim - len(axes), x.ndim)))
    flat = moved.reshape(*moved.shape[: x.ndim - len(axes)], -1)
    out = functools.reduce(COMBINE[kind], [flat[..., k] for k in range(flat.shape[-1])])
    if kind == "mean":
        out = out / flat.shape[-1]
    return np.expand_dims(out, tuple(sorted(axes))) if keep_dims else out


@pytest.mark.parametrize("kind", ["sum", "mean", "max", "min", "prod", "any", "all"])
@pytest.mark.parametrize(
    ("axes", "keep_dims"),
    [((1,), False), ((0, 2), True), ((2, 0), False), ((0, 1, 2), False), ((0, 1, 2), True)],
)
def test_reduce(kind, axes, keep_dims, rng):
    if kind in ("any", "all"):
        x = rng.random((3, 4, 5)) < (0.2 if kind == "any" else 0.9)
    else:
        x = rng.uniform(0.5, 1.5, (3, 4, 5))
    got = run_ops(lambda a: mir.ReduceOp(a, kind, axes, keep_dims), x)
    expected = reduce_reference(x, kind, axes, keep_dims)
    assert got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=1e-12)


def test_reduce_integer_sum_wraps():
    x = np.full((4,), 100, np.int8)
    np.testing.assert_array_equal(run_ops(lambda a: mir.ReduceOp(a, "sum", (0,)), x), np.int8(-112))


# ---------------------------------------------------------------------------
# Index and slice ops
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("starts", "ends", "strides"),
    [
        ((0, 0, 0), (4, 5, 6), (1, 1, 1)),
        ((1, 2, 0), (3, 5, 6), (1, 1, 2)),
        ((3, 4, 5), (-1, -1, -1), (-1, -1, -1)),
        ((3, 4, 5), (0, 1, -1), (-2, -3, -4)),
        ((2, 0, 3), (2, 5, 3), (1, 2, -1)),
        ((-1, 4, 0), (-1, 4, 6), (-1, -1, 1)),
    ],
    ids=[
        "whole",
        "unit-and-positive",
        "reverse",
        "negative-strides",
        "empty-dims",
        "empty-reversed-at-minus-one",
    ],
)
def test_slice(starts, ends, strides, rng):
    x = rng.standard_normal((4, 5, 6)).astype(np.float32)
    got = run_ops(lambda a: mir.SliceOp(a, starts, ends, strides), x)
    positions = [list(range(s, e, k)) for s, e, k in zip(starts, ends, strides)]
    expected = x[np.ix_(*positions)]
    assert got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)


def normalized(index: int, size: int) -> int:
    return index + size if index < 0 else index


@pytest.mark.parametrize("axis", [0, 1, 2])
def test_gather(axis, rng):
    x = rng.standard_normal((3, 4, 5)).astype(np.float32)
    size = x.shape[axis]
    indices = np.array([[0, size - 1, -1], [1, -size, 0]], dtype=np.int32)
    got = run_ops(lambda a, b: mir.GatherOp(a, b, axis), x, indices)
    expected = np.zeros(mir.gather_shape(x.shape, indices.shape, axis), np.float32)
    for out in np.ndindex(*expected.shape):
        position = normalized(int(indices[out[axis : axis + 2]]), size)
        expected[out] = x[(*out[:axis], position, *out[axis + 2 :])]
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("axis", [0, 1, 2])
def test_scatter(axis, rng):
    x = rng.standard_normal((3, 4, 5)).astype(np.float32)
    size = x.shape[axis]
    indices = np.array([-1, 0], dtype=np.int64)
    updates = rng.standard_normal(mir.gather_shape(x.shape, indices.shape, axis)).astype(np.float32)
    got = run_ops(lambda a, u, i: mir.ScatterOp(a, u, i, axis), x, updates, indices)
    expected = x.copy()
    for u in np.ndindex(*updates.shape):
        position = normalized(int(indices[u[axis]]), size)
        expected[(*u[:axis], position, *u[axis + 1 :])] = updates[u]
    np.testing.assert_array_equal(got, expected)
    assert not np.array_equal(got, x)


def test_scatter_does_not_modify_its_input():
    x = np.zeros((3,), np.float32)
    run_ops(lambda a, u, i: mir.ScatterOp(a, u, i, 0), x, np.ones((1,), np.float32), np.array([1], np.int32))
    np.testing.assert_array_equal(x, np.zeros(3))


@pytest.mark.parametrize("name", ["gather", "gather_elements", "scatter"])
def test_index_range_at_the_edge(name: str):
    """Indices lie in [-4, 4) for an axis of size 4 (negative ones count from the end):
    both ends work; 4 and -5, one past each end, are errors naming the op."""
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    updates = -np.arange(1, 5, dtype=np.float32).reshape(2, 2)
    if name == "gather":
        indices, expected = np.array([-4, 3]), x[[0, 3]]
        build, extra = (lambda a, i: mir.GatherOp(a, i, 0)), ()
    elif name == "gather_elements":
        indices, expected = np.array([[-4, 3], [3, -4]]), np.array([[0, 7], [6, 1]], np.float32)
        build, extra = (lambda a, i: mir.GatherElementsOp(a, i, 0)), ()
    else:
        indices, expected = np.array([-4, 3]), np.concatenate([updates[:1], x[1:3], updates[1:]])
        build, extra = (lambda a, i, u: mir.ScatterOp(a, u, i, 0)), (updates,)
    np.testing.assert_array_equal(run_ops(build, x, indices, *extra), expected)
    for bad in (4, -5):
        wrong = indices.copy()
        wrong.flat[0] = bad
        message = f"mir.{name}: index {bad} is out of range for axis 0 of size 4"
        with pytest.raises(InterpretationError, match=message):
            run_ops(build, x, wrong, *extra)


def test_scatter_repeated_index():
    with pytest.raises(InterpretationError, match="mir.scatter: index 1 along axis 0 is repeated"):
        run_ops(
            lambda a, u, i: mir.ScatterOp(a, u, i, 0),
            np.zeros((4,), np.float32),
            np.ones((2,), np.float32),
            np.array([1, -3], np.int32),
        )


# ---------------------------------------------------------------------------
# Casts
# ---------------------------------------------------------------------------


def cast_reference(value: float | int | bool, dtype: type) -> object:
    """One element of mir.cast, from its documented rules."""
    if dtype is np.bool_:
        return value != 0
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        if isinstance(value, float):
            if math.isnan(value):
                return 0
            if math.isinf(value):
                return info.max if value > 0 else info.min
            return min(max(math.trunc(value), info.min), info.max)
        bits = info.bits
        return (int(value) + 2 ** (bits - 1)) % 2**bits - 2 ** (bits - 1)
    return float(value)


@pytest.mark.parametrize(
    ("values", "source", "target"),
    [
        ([1.9, -1.9, 0.5, -0.5, 3e9, -3e9, float("nan"), float("inf"), -float("inf")], np.float32, np.int32),
        ([1.9, -2.5, 1e20, -1e20, 300.7, float("nan")], np.float64, np.int8),
        ([2.0**62, 2.0**64, -(2.0**64), -7.9], np.float64, np.int64),
        ([0, 1, -1, 2**31 - 1, -(2**31)], np.int32, np.float32),
        ([300, -129, 127, 2**40], np.int64, np.int8),
        ([-5, 7], np.int8, np.int64),
        ([0.0, -0.0, 0.25, float("nan")], np.float32, np.bool_),
        ([0, 3, -2], np.int32, np.bool_),
        ([True, False], np.bool_, np.float32),
        ([True, False], np.bool_, np.int32),
        ([1.0 / 3.0, 70000.0, 1e-8], np.float64, np.float16),
        ([1.5, -2.25], np.float16, np.float64),
    ],
)
def test_cast(values, source, target):
    x = np.array(values, dtype=source)
    got = run_ops(lambda a: mir.CastOp(a, ELEMENT_TYPES[target]), x)
    assert got.dtype == target
    with np.errstate(over="ignore"):  # f64 -> f16 overflows to inf, as the cast does
        expected = np.array([cast_reference(v.item(), target) for v in x], dtype=target)
    np.testing.assert_array_equal(got, expected)


# ---------------------------------------------------------------------------
# Shape ops, constants
# ---------------------------------------------------------------------------


def test_reshape_transpose_concat(rng):
    x = rng.standard_normal((2, 3, 4)).astype(np.float32)
    flat = [x[i, j, k] for i in range(2) for j in range(3) for k in range(4)]
    np.testing.assert_array_equal(run_ops(lambda a: mir.ReshapeOp(a, (6, 4)), x).reshape(-1), flat)
    got = run_ops(lambda a: mir.TransposeOp(a, (2, 0, 1)), x)
    for i, j, k in np.ndindex(4, 2, 3):
        assert got[i, j, k] == x[j, k, i]
    y = rng.standard_normal((2, 1, 4)).astype(np.float32)
    got = run_ops(lambda a, b: mir.ConcatOp([a, b, a], 1), x, y)
    np.testing.assert_array_equal(got[:, :3], x)
    np.testing.assert_array_equal(got[:, 3:4], y)
    np.testing.assert_array_equal(got[:, 4:], x)


def test_dynamic_reshape(rng):
    x = rng.standard_normal((4, 6)).astype(np.float32)
    result_type = TensorType(f32, [3, DYNAMIC_INDEX, 2])
    got = run_ops(lambda a, s: mir.DynamicReshapeOp(a, s, result_type), x, np.array([3, 4, 2], np.int64))
    assert got.shape == (3, 4, 2)
    np.testing.assert_array_equal(got.reshape(-1), x.reshape(-1))


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ([3, 5, 2], "mir.dynamic_reshape: shape [3, 5, 2] has 30 elements, but the input has 24"),
        ([2, 6, 2], "mir.dynamic_reshape: shape [2, 6, 2] does not match the result type tensor<3x?x2xf32>"),
        ([3, -4, -2], "mir.dynamic_reshape: shape [3, -4, -2] has a negative dim"),
    ],
)
def test_dynamic_reshape_errors(shape, message):
    x = np.zeros((4, 6), np.float32)
    result_type = TensorType(f32, [3, DYNAMIC_INDEX, 2])
    with pytest.raises(InterpretationError, match=re.escape(message)):
        run_ops(lambda a, s: mir.DynamicReshapeOp(a, s, result_type), x, np.array(shape, np.int32))


def test_constants_and_from_elements():
    (floats, bools, ints, elements) = run_text(
        """
        func.func @main(%n: index) -> (tensor<2x2xf32>, tensor<3xi1>, tensor<i64>, tensor<2x2xi32>) {
          %f = mir.constant dense<[[1.5, -2.0], [0.25, 4.0]]> : tensor<2x2xf32>
          %b = mir.constant dense<[true, false, true]> : tensor<3xi1>
          %i = mir.constant dense<-7> : tensor<i64>
          %c = arith.constant 5 : index
          %e = mir.from_elements %n, %c, %n, %n : (index, index, index, index) -> tensor<2x2xi32>
          func.return %f, %b, %i, %e : tensor<2x2xf32>, tensor<3xi1>, tensor<i64>, tensor<2x2xi32>
        }
        """,
        3,
    )
    np.testing.assert_array_equal(floats, [[1.5, -2.0], [0.25, 4.0]])
    assert floats.dtype == np.float32
    np.testing.assert_array_equal(bools, [True, False, True])
    assert bools.dtype == np.bool_
    assert ints.shape == () and ints == -7 and ints.dtype == np.int64
    np.testing.assert_array_equal(elements, [[3, 5], [3, 3]])
    assert elements.dtype == np.int32


@pytest.mark.filterwarnings("error")
def test_unary_overflow_is_ieee_without_warnings():
    """exp overflows to inf and log(0) is -inf, as IEEE says, and numpy is told so: no
    RuntimeWarning reaches the user (the test turns warnings into errors)."""
    x = np.array([100.0, 0.0, -1.0], np.float32)
    np.testing.assert_array_equal(run_ops(mir.ExpOp, x)[:2], [np.inf, 1.0])
    logs = run_ops(mir.LogOp, x)
    assert logs[1] == -np.inf and np.isnan(logs[2])


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("op", [mir.ExpOp, mir.LogOp])
def test_unary_overflow_in_a_prepared_program_is_ieee_without_warnings(op: type[Operation]):
    """The same in a prepared program, whose plan runs the op's kernel (not in place: it
    reads an argument): the kernel computes floats, so it runs with numpy told that
    inf and NaN are results, and no RuntimeWarning reaches the user."""
    x = np.array([100.0, 0.0, -1.0], np.float32)
    block = Block(arg_types=[TensorType(f32, x.shape)])
    built = op(block.args[0])
    block.add_ops([built, func.ReturnOp(built.results[0])])
    function = func.FuncOp("main", ([block.args[0].type], [built.results[0].type]), Region(block))
    program = nnstack.interpreters.prepare(ModuleOp([function]), "main")
    assert program.plan is not None and program.plan.steps[0].kernel is not None
    (got,) = program(x)
    with np.errstate(all="ignore"):
        expected = np.exp(x) if op is mir.ExpOp else np.log(x)
    np.testing.assert_array_equal(got, expected)
