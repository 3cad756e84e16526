"""The gawee ops with numpy code of their own among the activations, matrix products,
normalizations, softmax and reductions; f16 products and statistics accumulate in
f32, as PyTorch's and ONNX Runtime's do.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.ir import Operation

from nnstack.dialects import gawee
from nnstack.interpreters import blas
from nnstack.interpreters.blas import constant_weights_product
from nnstack.interpreters.convolution import accumulator as _accumulator
from nnstack.interpreters.gawee.kernel import operand_dtype
from nnstack.interpreters.kernels import Binder, kernel_impl
from nnstack.interpreters.math import erf_array


def gelu(op: gawee.GeluOp, x: np.ndarray) -> np.ndarray:
    """0.5 x (1 + erf(x / sqrt 2)), or with tanh: 0.5 x (1 + tanh(sqrt(2 / pi) x (1 + 0.044715 x^2))),
    in f32 for f16 and f32 inputs (as ONNX Runtime computes it; erf within 5 ulp) and in
    f64 for f64, in place in the arrays it creates."""
    work = np.float64 if x.dtype == np.float64 else np.float32
    shape = x.shape
    x = x.astype(work, copy=False).reshape(-1)  # (arithmetic on 0-d arrays gives scalars)
    if op.approximation == "tanh":
        out = np.square(x)
        out *= work(0.044715)
        out += 1
        out *= x
        out *= work(math.sqrt(2 / math.pi))
        np.tanh(out, out=out)
    else:
        out = erf_array(x * work(1 / math.sqrt(2)))
    out += 1
    out *= x
    out *= work(0.5)
    return out.reshape(shape)


def matmul(op: gawee.MatMulOp, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    acc = _accumulator(lhs.dtype)
    return blas.matmul(lhs.astype(acc, copy=False), rhs.astype(acc, copy=False))


def _constant_weights(op: Operation, weights: np.ndarray | None) -> Callable[..., np.ndarray] | None:
    """`x @ weights` for `op`'s first operand `x` and a constant matrix `weights` (matmul's
    right operand, linear's transposed weight), where laying it out pays off."""
    if weights is None:
        return None
    return constant_weights_product(gawee.tensor_shape(op.operands[0]), weights, _accumulator(weights.dtype))


def specialize_matmul(op: gawee.MatMulOp, constants: tuple[Any, ...]) -> Callable[..., np.ndarray] | None:
    product = _constant_weights(op, constants[1])
    return None if product is None else lambda lhs, rhs: product(lhs)


def specialize_linear(op: gawee.LinearOp, constants: tuple[Any, ...]) -> Callable[..., np.ndarray] | None:
    weight = constants[1]
    product = _constant_weights(op, None if weight is None else weight.T)
    if product is None:
        return None
    if len(constants) < 3:
        return lambda x, w: product(x)

    def with_bias(x: np.ndarray, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
        out = product(x)
        out += bias.astype(out.dtype, copy=False)  # (out is new: in place)
        return out

    return with_bias


def softmax(op: gawee.SoftmaxOp, x: np.ndarray) -> np.ndarray:
    """Shifted by the max along the axis, so large inputs do not overflow (`initial`:
    an empty input has no max, and an empty result)."""
    axis = op.normalized_axis
    shifted = x - np.max(x, axis=axis, keepdims=True, initial=-np.inf)
    np.exp(shifted, out=shifted)  # (in place: the array is new)
    shifted /= np.sum(shifted, axis=axis, keepdims=True)
    return shifted


def log_softmax(op: gawee.LogSoftmaxOp, x: np.ndarray) -> np.ndarray:
    shifted = x - np.max(x, axis=op.normalized_axis, keepdims=True, initial=-np.inf)
    return shifted - np.log(np.sum(np.exp(shifted), axis=op.normalized_axis, keepdims=True))


def bind_clip(op: gawee.ClipOp) -> Callable[[np.ndarray], np.ndarray]:
    """numpy's clip, which is min(max(x, min), max): NaN stays, and min > max gives max
    everywhere."""
    dtype = operand_dtype(op)
    low, high = (None if (b := op.bound(n)) is None else dtype.type(b) for n in ("min", "max"))
    if low is None and high is None:
        return lambda x: x
    return lambda x: np.clip(x, low, high)


def reduce(reduction: Callable[..., np.ndarray], accumulate: bool = False) -> Binder:
    """The binder of a reduction over the op's axes; `accumulate`: f16 sums and means
    accumulate in f32, as PyTorch's do."""

    def bind(op: gawee.ReduceOp) -> Callable[[np.ndarray], np.ndarray]:
        dtype = {"dtype": _accumulator(operand_dtype(op))} if accumulate else {}
        return functools.partial(reduction, axis=op.reduced_axes, keepdims=op.keeps_dims, **dtype)

    return bind


def bind_arg_reduce(op: gawee.ArgReduceOp) -> Callable[[np.ndarray], np.ndarray]:
    """numpy's argmax / argmin (the first extremum, NaN the extremum); the last with
    `selectLastIndex`: the first of the input reversed along the axis, counted back."""
    pick = np.argmax if isinstance(op, gawee.ArgMaxOp) else np.argmin
    axis, keep, last = op.normalized_axis, op.keeps_dims, op.selects_last
    size = gawee.tensor_shape(op.input)[axis]

    def run(x: np.ndarray) -> np.ndarray:
        if last:
            index = size - 1 - pick(np.flip(x, axis), axis=axis, keepdims=keep)
        else:
            index = pick(x, axis=axis, keepdims=keep)
        return np.asarray(index, np.int64)

    return run


def bind_cumulative(op: gawee.CumulativeOp) -> Callable[[np.ndarray], np.ndarray]:
    """numpy's cumsum / cumprod in the element type, of the input reversed along the
    axis for `reverse` (and the result reversed back); `exclusive` shifts it by one, the
    op's identity (0 or 1) first."""
    axis, exclusive, reverse = op.normalized_axis, op.is_exclusive, op.is_reverse
    scan, identity = (np.cumprod if isinstance(op, gawee.CumProdOp) else np.cumsum), op.IDENTITY

    def run(x: np.ndarray) -> np.ndarray:
        y = np.flip(x, axis) if reverse else x
        total = scan(y, axis=axis, dtype=x.dtype)
        if exclusive and total.size:
            total = np.roll(total, 1, axis)
            total[(slice(None),) * axis + (0,)] = identity
        return np.flip(total, axis).copy() if reverse else total

    return run


def layer_norm(op: gawee.LayerNormOp, x: np.ndarray, weight: np.ndarray, *bias: np.ndarray) -> np.ndarray:
    """Statistics in f32 for f16 inputs, as ONNX Runtime's stash type."""
    acc = _accumulator(x.dtype)
    # the normalized dims are the last ones: one row of `rows` per normalization
    axis = op.normalized_axis
    size = math.prod(x.shape[axis:])
    rows = x.astype(acc, copy=False).reshape(math.prod(x.shape[:axis]), size)
    centered = rows - rows.mean(axis=1, keepdims=True)
    # the sum of squares of each row as a dot product, without a squared copy
    variance = np.einsum("ij,ij->i", centered, centered)[:, None]
    variance /= acc.type(size)
    # in place: the arrays are new; the same operations in the same order as
    # (x - mean) / sqrt(variance + eps) * weight + bias
    variance += acc.type(op.epsilon.value.data)
    centered /= np.sqrt(variance, out=variance)
    centered = centered.reshape(x.shape)
    centered *= weight
    if bias:
        centered += bias[0]
    return centered


def gemm(op: gawee.GemmOp, a: np.ndarray, b: np.ndarray, *c: np.ndarray) -> np.ndarray:
    acc = _accumulator(a.dtype)
    (trans_a, trans_b), (alpha, beta) = op.transposes, op.scales
    a, b = (a.T if trans_a else a), (b.T if trans_b else b)
    out = acc.type(alpha) * blas.matmul(a.astype(acc, copy=False), b.astype(acc, copy=False))
    return out + acc.type(beta) * c[0].astype(acc, copy=False) if op.adds_c else out


def batch_norm(
    op: gawee.BatchNormOp,
    x: np.ndarray,
    weight: np.ndarray,
    bias: np.ndarray,
    mean: np.ndarray,
    var: np.ndarray,
) -> np.ndarray:
    """Eval-mode batch norm over dim 1, computed in the element dtype (an epsilon
    beyond f16's range is inf, as lowered)."""
    per_channel = (-1,) + (1,) * (x.ndim - 2)
    out = x - mean.reshape(per_channel)  # (then in place: the same operations, no temporaries)
    out /= np.sqrt(var.reshape(per_channel) + x.dtype.type(op.epsilon))
    if op.affine.value.data:
        out *= weight.reshape(per_channel)
        out += bias.reshape(per_channel)
    return out


def specialize_batch_norm(
    op: gawee.BatchNormOp, constants: tuple[Any, ...]
) -> Callable[..., np.ndarray] | None:
    """With constant statistics and parameters (a model's), x * scale + shift: scale =
    weight / sqrt(var + eps) and shift = bias - mean * scale computed once in f64 and
    rounded once, two passes over x instead of four (f32 and f64; f16 keeps the
    element-dtype steps of `batch_norm`)."""
    dtype = operand_dtype(op)
    if dtype not in (np.float32, np.float64) or any(c is None for c in constants[1:]):
        return None
    weight, bias, mean, var = (np.asarray(c, np.float64) for c in constants[1:])
    scale = 1 / np.sqrt(var + op.epsilon)
    if op.affine.value.data:
        scale *= weight
        shift = bias - mean * scale
    else:
        shift = -mean * scale
    per_channel = (-1,) + (1,) * (len(gawee.tensor_shape(op.operands[0])) - 2)
    scale, shift = (v.astype(dtype).reshape(per_channel) for v in (scale, shift))

    def batch_norm(x: np.ndarray, *parameters: np.ndarray) -> np.ndarray:
        out = x * scale
        out += shift
        return out

    return batch_norm


def linear(op: gawee.LinearOp, x: np.ndarray, w: np.ndarray, *bias: np.ndarray) -> np.ndarray:
    acc = _accumulator(x.dtype)
    out = blas.matmul(x.astype(acc, copy=False), w.astype(acc, copy=False).T)
    if bias:
        out = out + bias[0].astype(acc, copy=False)
    return out


KERNELS = (
    kernel_impl(gawee.BatchNormOp, batch_norm, specialize=specialize_batch_norm, fresh=True),
    kernel_impl(gawee.LinearOp, linear, specialize=specialize_linear, fresh=True),
    kernel_impl(gawee.GeluOp, gelu, fresh=True),
    kernel_impl(gawee.MatMulOp, matmul, specialize=specialize_matmul, fresh=True),
    kernel_impl(gawee.SoftmaxOp, softmax, fresh=True),
    kernel_impl(gawee.LogSoftmaxOp, log_softmax, fresh=True),
    kernel_impl(gawee.ClipOp, bind=bind_clip),
    kernel_impl(gawee.ReduceSumOp, bind=reduce(np.sum, accumulate=True)),
    kernel_impl(gawee.ReduceProdOp, bind=reduce(np.prod)),
    kernel_impl(gawee.ReduceMeanOp, bind=reduce(np.mean, accumulate=True)),
    kernel_impl(gawee.ReduceMaxOp, bind=reduce(np.max)),
    kernel_impl(gawee.ReduceMinOp, bind=reduce(np.min)),
    kernel_impl(gawee.ArgMaxOp, bind=bind_arg_reduce, fresh=True),
    kernel_impl(gawee.ArgMinOp, bind=bind_arg_reduce, fresh=True),
    kernel_impl(gawee.CumSumOp, bind=bind_cumulative, fresh=True),
    kernel_impl(gawee.CumProdOp, bind=bind_cumulative, fresh=True),
    kernel_impl(gawee.LayerNormOp, layer_norm, fresh=True),
    kernel_impl(gawee.GemmOp, gemm),
)
"""The kernels of the activation, product, normalization and reduction ops, registered by `GaweeFunctions` (`kernels.kernel_impl`)."""
