"""Kernels of the element-wise gawee ops: numpy ufuncs of the operands, and the
activations, comparisons, logic ops, variadic ops, where and cast as numpy
expressions on whole arrays."""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

from nnstack.dialects import gawee
from nnstack.dialects.values import is_float, numpy_dtype
from nnstack.interpreters.arith import checked_division, relu, truncating_divide
from nnstack.interpreters.casts import cast_array
from nnstack.interpreters.kernels import Signature, kernel_impl
from nnstack.interpreters.math import erf_array


def relu_into(op: gawee.ReluOp, signature: Signature) -> Callable[..., np.ndarray]:
    return lambda out, x: relu(x, out=out)


def bind_divide(op: gawee.DivOp) -> Callable[..., np.ndarray]:
    """numpy's IEEE division of floats; of integers, the quotient truncated toward zero
    (ONNX Runtime's), with a zero divisor an error naming the op (numpy would give 0)."""
    if is_float(numpy_dtype(op.output.type)):
        return np.divide
    return checked_division(op, op.rhs, truncating_divide)


def bind_mod(op: gawee.ModOp) -> Callable[..., np.ndarray]:
    """numpy's np.fmod (truncated) or np.mod (floored); an integer zero divisor is an
    error naming the op (numpy would give 0)."""
    remainder = np.fmod if op.truncated else np.mod
    if is_float(numpy_dtype(op.output.type)):
        return remainder
    return checked_division(op, op.rhs, remainder)


def hard_sigmoid(x: np.ndarray, alpha: float, beta: float) -> np.ndarray:
    return np.clip(x.dtype.type(alpha) * x + x.dtype.type(beta), 0, 1)


KERNELS = (
    kernel_impl(gawee.ReluOp, lambda op, x: relu(x), fresh=True, into=relu_into),
    kernel_impl(gawee.AddOp, ufunc=np.add),
    kernel_impl(gawee.NegOp, ufunc=np.negative),
    kernel_impl(gawee.AbsOp, ufunc=np.abs),
    kernel_impl(gawee.ExpOp, ufunc=np.exp),
    kernel_impl(gawee.LogOp, ufunc=np.log),
    kernel_impl(gawee.SqrtOp, ufunc=np.sqrt),
    kernel_impl(gawee.CeilOp, ufunc=np.ceil),
    kernel_impl(gawee.RoundOp, ufunc=np.rint),
    kernel_impl(gawee.FloorOp, ufunc=np.floor),
    kernel_impl(gawee.ReciprocalOp, ufunc=np.reciprocal),
    kernel_impl(gawee.SinOp, ufunc=np.sin),
    kernel_impl(gawee.CosOp, ufunc=np.cos),
    kernel_impl(gawee.TanhOp, ufunc=np.tanh),
    kernel_impl(gawee.TanOp, ufunc=np.tan),
    kernel_impl(gawee.AsinOp, ufunc=np.arcsin),
    kernel_impl(gawee.AcosOp, ufunc=np.arccos),
    kernel_impl(gawee.AtanOp, ufunc=np.arctan),
    kernel_impl(gawee.SinhOp, ufunc=np.sinh),
    kernel_impl(gawee.CoshOp, ufunc=np.cosh),
    kernel_impl(gawee.AsinhOp, ufunc=np.arcsinh),
    kernel_impl(gawee.AcoshOp, ufunc=np.arccosh),
    kernel_impl(gawee.AtanhOp, ufunc=np.arctanh),
    kernel_impl(gawee.SigmoidOp, lambda op, x: 1 / (1 + np.exp(-x)), fresh=True),
    kernel_impl(gawee.ErfOp, lambda op, x: erf_array(x), fresh=True),
    kernel_impl(gawee.HardSwishOp, lambda op, x: x * hard_sigmoid(x, 1 / 6, 0.5)),
    kernel_impl(
        gawee.HardSigmoidOp, lambda op, x: hard_sigmoid(x, op.parameter("alpha"), op.parameter("beta"))
    ),
    kernel_impl(gawee.LeakyReluOp, lambda op, x: np.where(x < 0, x.dtype.type(op.parameter("alpha")) * x, x)),
    kernel_impl(gawee.SubOp, ufunc=np.subtract),
    kernel_impl(gawee.MulOp, ufunc=np.multiply),
    kernel_impl(gawee.DivOp, bind=bind_divide, ufunc=np.divide),
    kernel_impl(gawee.PowOp, ufunc=np.power),
    kernel_impl(gawee.ModOp, bind=bind_mod),
    # (numpy's shifts by the width or more, or by a negative amount, give 0 or the sign fill)
    kernel_impl(gawee.BitShiftOp, bind=lambda op: np.left_shift if op.left else np.right_shift),
    kernel_impl(gawee.BitwiseAndOp, ufunc=np.bitwise_and),
    kernel_impl(gawee.BitwiseOrOp, ufunc=np.bitwise_or),
    kernel_impl(gawee.BitwiseXorOp, ufunc=np.bitwise_xor),
    kernel_impl(gawee.MaxOp, lambda op, *xs: functools.reduce(np.maximum, xs)),
    kernel_impl(gawee.MinOp, lambda op, *xs: functools.reduce(np.minimum, xs)),
    kernel_impl(gawee.SumOp, lambda op, *xs: functools.reduce(np.add, xs)),
    kernel_impl(gawee.MeanOp, lambda op, *xs: functools.reduce(np.add, xs) / xs[0].dtype.type(len(xs))),
    kernel_impl(gawee.EqualOp, ufunc=np.equal),
    kernel_impl(gawee.LessOp, ufunc=np.less),
    kernel_impl(gawee.LessEqualOp, ufunc=np.less_equal),
    kernel_impl(gawee.GreaterOp, ufunc=np.greater),
    kernel_impl(gawee.GreaterEqualOp, ufunc=np.greater_equal),
    kernel_impl(gawee.AndOp, ufunc=np.logical_and, arithmetic=False),
    kernel_impl(gawee.OrOp, ufunc=np.logical_or, arithmetic=False),
    kernel_impl(gawee.XorOp, ufunc=np.logical_xor, arithmetic=False),
    kernel_impl(gawee.NotOp, ufunc=np.logical_not, arithmetic=False),
    kernel_impl(gawee.WhereOp, bind=lambda op: np.where, fresh=True),
    kernel_impl(
        gawee.CastOp,
        lambda op, x: cast_array(x, numpy_dtype(op.output.type), op.saturate is not None, op.rounding),
    ),
)
"""The kernels of the element-wise ops, registered by `GaweeFunctions` (`kernels.kernel_impl`)."""
