"""Numeric tests of the gawee interpreter (nnstack.interpreters.gawee).

Each op runs through the xDSL interpreter and is compared with an independent
reference written here with explicit loops over output positions (small shapes), and,
where torch is installed, with torch.nn.functional. The references share no code with
the implementation: padding is handled by bounds checks, ceil mode and adaptive
windows by their textbook formulas.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, ModuleOp, TensorType, f16, f32, f64
from xdsl.interpreter import Interpreter
from xdsl.ir import Attribute, Block, Operation, Region
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import gawee
from nnstack.interpreters import register_nnstack_implementations, run

TOLERANCE = {np.float16: 1e-2, np.float32: 1e-4, np.float64: 1e-9}
ELEMENT_TYPE: dict[type, Attribute] = {np.float16: f16, np.float32: f32, np.float64: f64}


# ---------------------------------------------------------------------------
# Running gawee IR
# ---------------------------------------------------------------------------


def interpret(module: ModuleOp, symbol: str, *args: object) -> tuple[object, ...]:
    """Interprets `symbol` on `args` as given: unlike `run`, no conversion or checks first."""
    interpreter = Interpreter(module)
    register_nnstack_implementations(interpreter)
    return interpreter.call_op(interpreter.get_op_for_symbol(symbol), args)


def tensor_type(array: np.ndarray) -> TensorType:
    return TensorType(ELEMENT_TYPE[array.dtype.type], array.shape)


def single_op_module(build: Callable[..., Operation], *arrays: np.ndarray) -> ModuleOp:
    """`func.func @main(args)` returning `build(*args)`, args typed like `arrays`; verified."""
    types = [tensor_type(a) for a in arrays]
    block = Block(arg_types=types)
    op = build(*block.args)
    block.add_ops([op, func.ReturnOp(op.results[0])])
    function_type = FunctionType.from_lists(types, [op.results[0].type])
    module = ModuleOp([func.FuncOp("main", function_type, Region(block))])
    module.verify()
    return module


def run_op(build: Callable[..., Operation], *arrays: np.ndarray) -> np.ndarray:
    """Runs the single op `build(*args)` on `arrays` with `nnstack.interpreters.run`."""
    (result,) = run(single_op_module(build, *arrays), "main", *arrays)
    assert result.dtype == arrays[0].dtype
    return result


def random(rng: np.random.Generator, shape: Sequence[int], dtype: type = np.float32) -> np.ndarray:
    return rng.uniform(-1.0, 1.0, shape).astype(dtype)


def assert_close(got: np.ndarray, want: np.ndarray, dtype: type) -> None:
    assert got.shape == want.shape
    np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64), rtol=0, atol=TOLERANCE[dtype])


def padding4(padding: Sequence[int]) -> tuple[int, int, int, int]:
    """[pH, pW] or [top, left, bottom, right] as (top, left, bottom, right), written out."""
    if len(padding) == 2:
        return (padding[0], padding[1], padding[0], padding[1])
    return (padding[0], padding[1], padding[2], padding[3])


# ---------------------------------------------------------------------------
# Independent references (float64, explicit loops over output positions)
# ---------------------------------------------------------------------------


def out_len(size: int, begin: int, end: int, k: int, s: int, d: int, ceil: bool = False) -> int:
    """PyTorch's output length; ceil mode drops a last window starting in the end padding."""
    exact = (size + begin + end - d * (k - 1) - 1) / s
    n = (math.ceil(exact) if ceil else math.floor(exact)) + 1
    if ceil and (n - 1) * s >= size + begin:
        n -= 1
    return n


def ref_conv(x, w, b, strides, padding, dilation, groups):
    x, w = x.astype(np.float64), w.astype(np.float64)
    n, c, h, wd = x.shape
    f, cg, kh, kw = w.shape
    top, left, bottom, right = padding4(padding)
    oh = out_len(h, top, bottom, kh, strides[0], dilation[0])
    ow = out_len(wd, left, right, kw, strides[1], dilation[1])
    fg = f // groups
    out = np.zeros((n, f, oh, ow))
    for i in range(oh):
        for j in range(ow):
            for p in range(kh):
                for q in range(kw):
                    row = i * strides[0] - top + p * dilation[0]
                    col = j * strides[1] - left + q * dilation[1]
                    if not (0 <= row < h and 0 <= col < wd):
                        continue  # a zero of the padding
                    for g in range(groups):
                        pixel = x[:, g * cg : (g + 1) * cg, row, col]  # [n, cg]
                        taps = w[g * fg : (g + 1) * fg, :, p, q]  # [fg, cg]
                        out[:, g * fg : (g + 1) * fg, i, j] += pixel @ taps.T
    if b is not None:
        out += b.astype(np.float64)[None, :, None, None]
    return out


def ref_max_pool(x, kernel, strides, padding, dilation, ceil):
    n, c, h, w = x.shape
    top, left, bottom, right = padding4(padding)
    oh = out_len(h, top, bottom, kernel[0], strides[0], dilation[0], ceil)
    ow = out_len(w, left, right, kernel[1], strides[1], dilation[1], ceil)
    out = np.empty((n, c, oh, ow), x.dtype)
    for i in range(oh):
        rows = [i * strides[0] - top + p * dilation[0] for p in range(kernel[0])]
        rows = [r for r in rows if 0 <= r < h]
        for j in range(ow):
            cols = [j * strides[1] - left + q * dilation[1] for q in range(kernel[1])]
            cols = [q for q in cols if 0 <= q < w]
            assert rows and cols, "a window saw only padding"
            out[:, :, i, j] = x[:, :, rows][:, :, :, cols].max(axis=(2, 3))
    return out


def ref_ad_avg_pool(x, out_size):
    n, c, h, w = x.shape
    oh, ow = out_size
    out = np.empty((n, c, oh, ow))
    for i in range(oh):
        r0, r1 = math.floor(i * h / oh), math.ceil((i + 1) * h / oh)
        for j in range(ow):
            c0, c1 = math.floor(j * w / ow), math.ceil((j + 1) * w / ow)
            out[:, :, i, j] = x[:, :, r0:r1, c0:c1].astype(np.float64).mean(axis=(2, 3))
    return out


def ref_batch_norm(x, weight, bias, mean, var, eps, affine):
    out = np.empty(x.shape)
    for ch in range(x.shape[1]):
        y = (x[:, ch].astype(np.float64) - mean[ch]) / math.sqrt(float(var[ch]) + eps)
        out[:, ch] = y * float(weight[ch]) + float(bias[ch]) if affine else y
    return out


def ref_linear(x, w, b):
    out = np.zeros((*x.shape[:-1], w.shape[0]))
    for o in range(w.shape[0]):
        out[..., o] = (x.astype(np.float64) * w[o].astype(np.float64)).sum(axis=-1)
        if b is not None:
            out[..., o] += b[o]
    return out


def ref_add(lhs, rhs):
    rank = max(lhs.ndim, rhs.ndim)
    a = lhs.reshape((1,) * (rank - lhs.ndim) + lhs.shape)
    b = rhs.reshape((1,) * (rank - rhs.ndim) + rhs.shape)
    shape = tuple(q if p == 1 else p for p, q in zip(a.shape, b.shape))
    out = np.empty(shape, lhs.dtype)
    for index in np.ndindex(shape):
        ia = tuple(0 if size == 1 else k for k, size in zip(index, a.shape))
        ib = tuple(0 if size == 1 else k for k, size in zip(index, b.shape))
        out[index] = a[ia] + b[ib]
    return out


def ref_flatten(x, start, end):
    if x.ndim == 0:
        return x.reshape(1)  # torch.flatten of a scalar
    rank = x.ndim
    start, end = start % rank, end % rank
    size = 1
    for dim in range(start, end + 1):
        size *= x.shape[dim]
    return x.reshape(x.shape[:start] + (size,) + x.shape[end + 1 :])


# ---------------------------------------------------------------------------
# Cases shared by the reference and the torch comparisons
# ---------------------------------------------------------------------------

# (input shape, weight shape, strides, padding, dilation, groups, bias)
CONV_CASES = {
    "plain": ((2, 3, 6, 7), (4, 3, 3, 3), (1, 1), (0, 0), (1, 1), 1, True),
    "stride": ((1, 3, 9, 8), (5, 3, 3, 2), (2, 3), (1, 1), (1, 1), 1, True),
    "dilation": ((1, 2, 9, 9), (3, 2, 3, 3), (1, 1), (2, 1), (2, 3), 1, True),
    "groups": ((2, 6, 7, 6), (4, 3, 3, 3), (1, 2), (1, 1), (1, 1), 2, True),
    "depthwise": ((1, 4, 7, 7), (4, 1, 3, 3), (2, 2), (1, 1), (1, 1), 4, True),
    "depthwise_multiplier": ((1, 3, 6, 5), (6, 1, 2, 3), (1, 1), (0, 1), (2, 1), 3, False),
    "asymmetric_padding": ((1, 3, 6, 7), (2, 3, 3, 3), (2, 1), (0, 1, 2, 3), (1, 1), 1, True),
    "no_bias": ((1, 2, 5, 5), (3, 2, 1, 1), (1, 1), (0, 0), (1, 1), 1, False),
    "everything": ((2, 4, 10, 9), (6, 2, 3, 2), (2, 3), (3, 0, 1, 2), (2, 2), 2, True),
}

# (input shape, kernel, strides, padding, dilation, ceil mode)
POOL_CASES = {
    "resnet_stem": ((1, 2, 8, 8), (3, 3), (2, 2), (1, 1), (1, 1), False),
    "no_padding": ((2, 3, 7, 6), (2, 2), (2, 2), (0, 0), (1, 1), False),
    "rectangular": ((1, 2, 9, 7), (3, 2), (2, 1), (1, 1), (1, 1), False),
    "dilation": ((1, 2, 10, 9), (3, 2), (1, 2), (1, 0), (2, 2), False),
    "ceil": ((1, 2, 7, 7), (2, 2), (2, 2), (0, 0), (1, 1), True),
    "ceil_padding": ((1, 2, 6, 6), (3, 3), (2, 2), (1, 1), (1, 1), True),
    # 5 + 2 pads: floor 3, ceil 4, but the 4th window would start at 6 >= 5 + 1
    # (inside the end padding), so PyTorch drops it again.
    "ceil_dropped": ((1, 2, 5, 5), (2, 2), (2, 2), (1, 1), (1, 1), True),
    "ceil_dilation": ((1, 1, 8, 9), (2, 3), (3, 2), (1, 1), (2, 1), True),
    "asymmetric_padding": ((1, 2, 7, 8), (3, 3), (2, 2), (0, 1, 1, 0), (1, 1), False),
    "asymmetric_ceil": ((1, 2, 7, 8), (3, 3), (2, 3), (1, 0, 0, 1), (1, 1), True),
}

# (input shape, output size)
ADAPTIVE_CASES = {
    "global": ((2, 3, 7, 7), (1, 1)),
    "divisible": ((1, 2, 8, 6), (4, 3)),
    "non_divisible": ((1, 3, 7, 5), (3, 2)),
    "larger_output": ((1, 2, 3, 4), (5, 7)),
    "mixed": ((2, 1, 10, 3), (4, 3)),
}

DTYPES = [np.float16, np.float32, np.float64]


def build_conv(strides, padding, dilation, groups, bias):
    def build(x, w, *b):
        return gawee.ConvOp(
            x,
            w,
            b[0] if bias else None,
            strides=strides,
            padding=padding,
            dilation=dilation,
            groups=groups,
        )

    return build


def conv_inputs(rng, case, dtype):
    x_shape, w_shape, *_, bias = case
    arrays = [random(rng, x_shape, dtype), random(rng, w_shape, dtype)]
    if bias:
        arrays.append(random(rng, w_shape[:1], dtype))
    return arrays


def build_max_pool(kernel, strides, padding, dilation, ceil):
    def build(x):
        return gawee.MaxPoolOp(
            x, kernel_size=kernel, strides=strides, padding=padding, dilation=dilation, ceil_mode=ceil
        )

    return build


def batch_norm_inputs(rng, shape, dtype):
    c = shape[1]
    return [
        random(rng, shape, dtype) * 3,
        random(rng, (c,), dtype),
        random(rng, (c,), dtype),
        random(rng, (c,), dtype),
        rng.uniform(0.5, 2.0, (c,)).astype(dtype),
    ]


# ---------------------------------------------------------------------------
# Against the references
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", CONV_CASES)
def test_conv(name: str, dtype: type):
    case = CONV_CASES[name]
    _, _, strides, padding, dilation, groups, bias = case
    arrays = conv_inputs(np.random.default_rng(1), case, dtype)
    got = run_op(build_conv(strides, padding, dilation, groups, bias), *arrays)
    want = ref_conv(*arrays[:2], arrays[2] if bias else None, strides, padding, dilation, groups)
    assert_close(got, want, dtype)


def test_relu_and_nan():
    x = random(np.random.default_rng(2), (2, 3, 4, 5))
    x[0, 1, 2, 3], x[1, 0, 0, 0] = np.nan, -np.inf
    got = run_op(gawee.ReluOp, x)
    want = np.where(np.isnan(x), np.nan, np.where(x > 0, x, 0))
    np.testing.assert_array_equal(got, want)
    assert np.isnan(got[0, 1, 2, 3]) and got[1, 0, 0, 0] == 0


@pytest.mark.parametrize("dtype", DTYPES)
def test_relu_dtypes(dtype: type):
    x = random(np.random.default_rng(3), (7,), dtype)
    np.testing.assert_array_equal(run_op(gawee.ReluOp, x), np.where(x > 0, x, 0).astype(dtype))


@pytest.mark.parametrize(
    "lhs_shape, rhs_shape",
    [
        ((2, 3), (2, 3)),
        ((2, 3, 4), (4,)),
        ((3, 1), (1, 4)),
        ((1, 3, 1, 2), (5, 1, 4, 1)),
        ((4,), (2, 3, 4)),
        ((), (2, 3)),
        ((2, 1, 3), ()),
        ((0, 3), (1, 3)),
    ],
)
def test_add_broadcasting(lhs_shape, rhs_shape):
    rng = np.random.default_rng(4)
    lhs, rhs = random(rng, lhs_shape), random(rng, rhs_shape)
    np.testing.assert_array_equal(run_op(gawee.AddOp, lhs, rhs), ref_add(lhs, rhs))


def test_rank_0_results_are_arrays():
    """numpy ufuncs give scalars for rank-0 operands; the interpreter returns arrays."""
    x = np.array(-2.5, np.float32)
    (relu,) = interpret(single_op_module(gawee.ReluOp, x), "main", x)
    (total,) = interpret(single_op_module(gawee.AddOp, x, x), "main", x, x)
    assert isinstance(relu, np.ndarray) and relu.shape == () and relu == 0
    assert isinstance(total, np.ndarray) and total.dtype == np.float32 and total == -5
    row = np.array([1.0, 2.0], np.float32)
    np.testing.assert_array_equal(run_op(gawee.AddOp, x, row), [-1.5, -0.5])


@pytest.mark.parametrize("dtype", DTYPES)
def test_add_dtypes(dtype: type):
    rng = np.random.default_rng(5)
    lhs, rhs = random(rng, (2, 3, 4), dtype), random(rng, (3, 1), dtype)
    np.testing.assert_array_equal(run_op(gawee.AddOp, lhs, rhs), ref_add(lhs, rhs))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(2, 3, 4, 5), (3, 4), (2, 4, 3)])
@pytest.mark.parametrize("affine", [True, False])
def test_batch_norm(shape, affine: bool, dtype: type):
    arrays = batch_norm_inputs(np.random.default_rng(6), shape, dtype)
    got = run_op(lambda *args: gawee.BatchNormOp(*args, eps=1e-3, affine=affine), *arrays)
    assert_close(got, ref_batch_norm(*arrays, 1e-3, affine), dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", POOL_CASES)
def test_max_pool(name: str, dtype: type):
    shape, *params = POOL_CASES[name]
    x = random(np.random.default_rng(7), shape, dtype)
    got = run_op(build_max_pool(*params), x)
    np.testing.assert_array_equal(got, ref_max_pool(x, *params))


def test_max_pool_nan_and_padding_never_wins():
    """NaN propagates to every window that holds it; all-negative windows ignore padding."""
    x = -np.ones((1, 1, 4, 4), np.float32) - random(np.random.default_rng(8), (1, 1, 4, 4)) ** 2
    x[0, 0, 1, 2] = np.nan
    params = ((3, 3), (1, 1), (1, 1), (1, 1), False)
    got = run_op(build_max_pool(*params), x)
    want = ref_max_pool(x, *params)
    np.testing.assert_array_equal(got, want)
    assert np.isnan(got[0, 0, :3, 1:]).all() and not np.isnan(got[0, 0, 3]).any()
    assert (got[~np.isnan(got)] < -1).all()


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ADAPTIVE_CASES)
def test_ad_avg_pool(name: str, dtype: type):
    shape, out_size = ADAPTIVE_CASES[name]
    x = random(np.random.default_rng(9), shape, dtype)
    got = run_op(lambda v: gawee.AdAvgPoolOp(v, out_size), x)
    assert_close(got, ref_ad_avg_pool(x, out_size), dtype)


@pytest.mark.parametrize(
    "shape, start, end",
    [
        ((2, 3, 4, 5), 1, -1),
        ((2, 3, 4, 5), 0, -1),
        ((2, 3, 4, 5), -3, -2),
        ((2, 3, 4, 5), 2, 2),
        ((2, 3, 4, 5), -4, 1),
        ((6,), 0, -1),
        ((2, 1, 1, 3), 1, 2),
        ((), 0, -1),
    ],
)
def test_flatten(shape, start: int, end: int):
    x = random(np.random.default_rng(10), shape)
    got = run_op(lambda v: gawee.FlattenOp(v, start, end), x)
    np.testing.assert_array_equal(got, ref_flatten(x, start, end))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(
    "x_shape, bias",
    [((2, 5), True), ((2, 5), False), ((3, 4, 5), True), ((2, 1, 3, 5), False)],
)
def test_linear(x_shape, bias: bool, dtype: type):
    rng = np.random.default_rng(11)
    x, w, b = random(rng, x_shape, dtype), random(rng, (6, 5), dtype), random(rng, (6,), dtype)
    if bias:
        got = run_op(gawee.LinearOp, x, w, b)
    else:
        got = run_op(lambda v, u: gawee.LinearOp(v, u), x, w)
    assert_close(got, ref_linear(x, w, b if bias else None), dtype)


def test_original_generic_form_resnet_tail():
    """The original project's emitted IR (generic form, `@forward`) runs unchanged."""
    source = """
    func.func @forward(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<4x3x3x3xf32>, %arg2: tensor<4xf32>,
                       %arg3: tensor<5x4xf32>, %arg4: tensor<5xf32>) -> tensor<1x5xf32> {
      %0 = "gawee.conv"(%arg0, %arg1, %arg2) {dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
      %1 = "gawee.relu"(%0) : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
      %2 = "gawee.max_pool"(%1) {ceilMode = false, dilation = array<i64: 1, 1>, kernelSize = array<i64: 3, 3>, padding = array<i64: 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x4x4x4xf32>) -> tensor<1x4x2x2xf32>
      %3 = "gawee.add"(%2, %2) : (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
      %4 = "gawee.ad_avg_pool"(%3) {outputSize = array<i64: 1, 1>} : (tensor<1x4x2x2xf32>) -> tensor<1x4x1x1xf32>
      %5 = "gawee.flatten"(%4) {endDim = -1 : i64, startDim = 1 : i64} : (tensor<1x4x1x1xf32>) -> tensor<1x4xf32>
      %6 = "gawee.linear"(%5, %arg3, %arg4) : (tensor<1x4xf32>, tensor<5x4xf32>, tensor<5xf32>) -> tensor<1x5xf32>
      func.return %6 : tensor<1x5xf32>
    }
    """
    rng = np.random.default_rng(12)
    x, w, b = random(rng, (1, 3, 8, 8)), random(rng, (4, 3, 3, 3)), random(rng, (4,))
    fw, fb = random(rng, (5, 4)), random(rng, (5,))
    (got,) = run(source, "forward", x, w, b, fw, fb)
    y = np.maximum(ref_conv(x, w, b, (2, 2), (1, 1), (1, 1), 1), 0)
    y = ref_max_pool(y, (3, 3), (2, 2), (1, 1), (1, 1), False)
    y = ref_flatten(ref_ad_avg_pool(y + y, (1, 1)), 1, -1)
    assert_close(got, ref_linear(y, fw, fb), np.float32)


# ---------------------------------------------------------------------------
# Runtime errors: InterpretationError naming the op
# ---------------------------------------------------------------------------


def test_wrong_runtime_value_is_an_interpretation_error():
    """Values that bypass `run`'s conversion: the op names itself and the problem."""
    x = random(np.random.default_rng(13), (2, 3))
    module = single_op_module(gawee.ReluOp, x)
    wrong_shape = r"gawee\.relu: operand #0 is a float32 array of shape \[3, 2\]"
    with pytest.raises(InterpretationError, match=wrong_shape):
        interpret(module, "main", x.T.copy())
    with pytest.raises(InterpretationError, match=r"gawee\.relu: operand #0 is a float64 array"):
        interpret(module, "main", x.astype(np.float64))
    not_an_array = r"gawee\.relu: operand #0 must be a numpy array, got list"
    with pytest.raises(InterpretationError, match=not_an_array):
        interpret(module, "main", x.tolist())


def test_unverified_result_shape_is_an_interpretation_error():
    """An op built without verification that declares the wrong result shape."""
    x = random(np.random.default_rng(14), (2, 3))
    block = Block(arg_types=[tensor_type(x)])
    bad_type = TensorType(f32, [3, 3])
    op = gawee.AddOp.create(operands=[block.args[0], block.args[0]], result_types=[bad_type])
    block.add_ops([op, func.ReturnOp(op.output)])
    function_type = FunctionType.from_lists([tensor_type(x)], [bad_type])
    module = ModuleOp([func.FuncOp("main", function_type, Region(block))])
    wrong_shape = r"gawee\.add: computed a result of shape \[2, 3\]"
    with pytest.raises(InterpretationError, match=wrong_shape):
        interpret(module, "main", x)


# ---------------------------------------------------------------------------
# Against torch.nn.functional
# ---------------------------------------------------------------------------


def torch_tensor(array: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(array))


def for_torch(arrays: Sequence[np.ndarray]) -> list[np.ndarray]:
    """f16 inputs as f32: not every torch CPU kernel has a half version (f16 tolerance)."""
    return [a.astype(np.float32) if a.dtype == np.float16 else a for a in arrays]


def torch_conv(x, w, b, strides, padding, dilation, groups):
    """conv2d; asymmetric padding applied with F.pad ([left, right, top, bottom])."""
    top, left, bottom, right = padding4(padding)
    x = F.pad(torch_tensor(x), (left, right, top, bottom))
    bias = torch_tensor(b) if b is not None else None
    w = torch_tensor(w)
    return F.conv2d(x, w, bias, stride=strides, dilation=dilation, groups=groups).numpy()


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", CONV_CASES)
def test_conv_vs_torch(name: str, dtype: type):
    case = CONV_CASES[name]
    _, _, strides, padding, dilation, groups, bias = case
    arrays = conv_inputs(np.random.default_rng(21), case, dtype)
    got = run_op(build_conv(strides, padding, dilation, groups, bias), *arrays)
    ref_arrays = for_torch(arrays)
    b = ref_arrays[2] if bias else None
    want = torch_conv(*ref_arrays[:2], b, strides, padding, dilation, groups)
    assert_close(got, want, dtype)


def test_conv_resnet_sized_vs_torch():
    rng = np.random.default_rng(22)
    x, w, b = random(rng, (1, 64, 56, 56)), random(rng, (64, 64, 3, 3)) / 24, random(rng, (64,))
    got = run_op(build_conv((1, 1), (1, 1), (1, 1), 1, True), x, w, b)
    assert_close(got, torch_conv(x, w, b, (1, 1), (1, 1), (1, 1), 1), np.float32)


# torch has no asymmetric padding, and F.pad would change the ceil-mode dropping rule
TORCH_POOL_CASES = [name for name in POOL_CASES if name != "asymmetric_ceil"]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", TORCH_POOL_CASES)
def test_max_pool_vs_torch(name: str, dtype: type):
    shape, kernel, strides, padding, dilation, ceil = POOL_CASES[name]
    x = random(np.random.default_rng(23), shape, dtype)
    got = run_op(build_max_pool(kernel, strides, padding, dilation, ceil), x)
    if padding4(padding)[:2] != padding4(padding)[2:]:
        top, left, bottom, right = padding
        t = F.pad(torch_tensor(x), (left, right, top, bottom), value=-math.inf)
        want = F.max_pool2d(t, kernel, strides, 0, dilation).numpy()
    else:
        t = torch_tensor(x)
        want = F.max_pool2d(t, kernel, strides, padding[:2], dilation, ceil_mode=ceil).numpy()
    np.testing.assert_array_equal(got, want)


def test_max_pool_nan_vs_torch():
    x = random(np.random.default_rng(24), (1, 2, 6, 6))
    x[0, 0, 2, 3] = x[0, 1, 5, 5] = np.nan
    got = run_op(build_max_pool((3, 3), (2, 2), (1, 1), (1, 1), True), x)
    want = F.max_pool2d(torch_tensor(x), 3, 2, 1, ceil_mode=True).numpy()
    np.testing.assert_array_equal(got, want)
    assert np.isnan(got).sum() == 2 + 4  # 2 windows hold the first NaN, 2x2 the corner one


def test_relu_nan_vs_torch():
    x = random(np.random.default_rng(25), (3, 4))
    x[1, 1], x[2, 0] = np.nan, -np.inf
    np.testing.assert_array_equal(run_op(gawee.ReluOp, x), F.relu(torch_tensor(x)).numpy())


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ADAPTIVE_CASES)
def test_ad_avg_pool_vs_torch(name: str, dtype: type):
    shape, out_size = ADAPTIVE_CASES[name]
    x = random(np.random.default_rng(26), shape, dtype)
    got = run_op(lambda v: gawee.AdAvgPoolOp(v, out_size), x)
    want = F.adaptive_avg_pool2d(torch_tensor(x), out_size).numpy()
    assert_close(got, want, dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(2, 3, 4, 5), (3, 4), (2, 4, 3)])
@pytest.mark.parametrize("affine", [True, False])
def test_batch_norm_vs_torch(shape, affine: bool, dtype: type):
    arrays = batch_norm_inputs(np.random.default_rng(27), shape, dtype)
    got = run_op(lambda *args: gawee.BatchNormOp(*args, eps=1e-3, affine=affine), *arrays)
    x, weight, bias, mean, var = (torch_tensor(a) for a in for_torch(arrays))
    if not affine:
        weight = bias = None
    want = F.batch_norm(x, mean, var, weight, bias, training=False, eps=1e-3).numpy()
    assert_close(got, want, dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("x_shape, bias", [((2, 5), True), ((3, 4, 5), True), ((3, 4, 5), False)])
def test_linear_vs_torch(x_shape, bias: bool, dtype: type):
    rng = np.random.default_rng(28)
    x, w, b = random(rng, x_shape, dtype), random(rng, (6, 5), dtype), random(rng, (6,), dtype)
    if bias:
        got = run_op(gawee.LinearOp, x, w, b)
    else:
        got = run_op(lambda v, u: gawee.LinearOp(v, u), x, w)
    x, w, b = (torch_tensor(a) for a in for_torch([x, w, b]))
    want = F.linear(x, w, b if bias else None).numpy()
    assert_close(got, want, dtype)


@pytest.mark.parametrize("start, end", [(1, -1), (0, 2), (-3, -2), (-1, -1)])
def test_flatten_vs_torch(start: int, end: int):
    x = random(np.random.default_rng(29), (2, 3, 4, 5))
    got = run_op(lambda v: gawee.FlattenOp(v, start, end), x)
    np.testing.assert_array_equal(got, torch.flatten(torch_tensor(x), start, end).numpy())


def test_add_broadcasting_vs_torch():
    rng = np.random.default_rng(30)
    lhs, rhs = random(rng, (1, 3, 1, 2)), random(rng, (5, 1, 4, 1))
    want = torch.add(torch_tensor(lhs), torch_tensor(rhs)).numpy()
    np.testing.assert_array_equal(run_op(gawee.AddOp, lhs, rhs), want)
