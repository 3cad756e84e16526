"""Lowerings of the element-wise gawee ops to mir.

Ops mir has become the op itself (`gawee.exp` -> `mir.exp`, `gawee.sub` ->
`mir.broadcast_sub`, `gawee.less` -> `mir.broadcast_cmp lt`, `gawee.where` ->
`mir.select`); the others decompose into a chain of them with rank-0 constants
(sigmoid = 1 / (1 + exp(-x)), gelu, hard_sigmoid, leaky_relu, clip, the variadic
max / min / sum / mean, not = x xor true).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping

from xdsl.dialects.builtin import i1
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, op_type_rewrite_pattern

from nnstack.dialects import gawee, mir
from nnstack.transforms.gawee_to_mir.base import GaweeToMirPattern, MirBuilder

UNARY_OPS: Mapping[type[Operation], type[mir.UnaryElementwiseOp]] = {
    gawee.NegOp: mir.NegOp,
    gawee.AbsOp: mir.AbsOp,
    gawee.ExpOp: mir.ExpOp,
    gawee.LogOp: mir.LogOp,
    gawee.SqrtOp: mir.SqrtOp,
    gawee.SinOp: mir.SinOp,
    gawee.CosOp: mir.CosOp,
    gawee.TanhOp: mir.TanhOp,
    gawee.ErfOp: mir.ErfOp,
}
"""The unary gawee ops that mir has as ops of their own."""

BINARY_OPS: Mapping[type[Operation], Callable[[SSAValue, SSAValue], Operation]] = {
    gawee.AddOp: mir.BroadcastAddOp,
    gawee.SubOp: mir.BroadcastSubOp,
    gawee.MulOp: mir.BroadcastMulOp,
    gawee.DivOp: mir.BroadcastDivOp,
    gawee.PowOp: mir.BroadcastPowOp,
    gawee.AndOp: mir.BroadcastAndOp,
    gawee.OrOp: mir.BroadcastOrOp,
    gawee.XorOp: mir.BroadcastXorOp,
    gawee.EqualOp: functools.partial(mir.BroadcastCmpOp, "eq"),
    gawee.LessOp: functools.partial(mir.BroadcastCmpOp, "lt"),
    gawee.LessEqualOp: functools.partial(mir.BroadcastCmpOp, "le"),
    gawee.GreaterOp: functools.partial(mir.BroadcastCmpOp, "gt"),
    gawee.GreaterEqualOp: functools.partial(mir.BroadcastCmpOp, "ge"),
}
"""The binary gawee ops and the mir op each becomes (both broadcast as numpy)."""

VARIADIC_OPS: Mapping[type[Operation], type[mir.BroadcastBinaryOp]] = {
    gawee.MaxOp: mir.BroadcastMaxOp,
    gawee.MinOp: mir.BroadcastMinOp,
    gawee.SumOp: mir.BroadcastAddOp,
    gawee.MeanOp: mir.BroadcastAddOp,
}
"""The variadic gawee ops and the binary mir op that folds their operands."""


def hard_sigmoid(b: MirBuilder, x: SSAValue, alpha: float, beta: float) -> SSAValue:
    """max(0, min(1, alpha * x + beta))."""
    linear = b.emit(
        mir.BroadcastAddOp(b.emit(mir.BroadcastMulOp(x, b.scalar_like(alpha, x))), b.scalar_like(beta, x))
    )
    return b.emit(
        mir.BroadcastMaxOp(b.emit(mir.BroadcastMinOp(linear, b.scalar_like(1.0, x))), b.scalar_like(0.0, x))
    )


def gelu(b: MirBuilder, x: SSAValue, approximation: str) -> SSAValue:
    """0.5 * x * (1 + erf(x / sqrt(2))), or with tanh(sqrt(2 / pi) * (x + 0.044715 x^3))."""
    if approximation == "tanh":
        cube = b.emit(mir.BroadcastMulOp(b.emit(mir.BroadcastMulOp(x, x)), x))
        inner = b.emit(mir.BroadcastAddOp(x, b.emit(mir.BroadcastMulOp(cube, b.scalar_like(0.044715, x)))))
        scaled = b.emit(mir.BroadcastMulOp(inner, b.scalar_like(math.sqrt(2 / math.pi), x)))
        shape = b.emit(mir.TanhOp(scaled))
    else:
        shape = b.emit(mir.ErfOp(b.emit(mir.BroadcastMulOp(x, b.scalar_like(1 / math.sqrt(2), x)))))
    half_x = b.emit(mir.BroadcastMulOp(x, b.scalar_like(0.5, x)))
    return b.emit(mir.BroadcastMulOp(half_x, b.emit(mir.BroadcastAddOp(shape, b.scalar_like(1.0, x)))))


def decomposed_unary(b: MirBuilder, op: Operation, x: SSAValue) -> SSAValue | None:
    """The mir chain of a unary gawee op mir has no op for; None if `op` is not one."""
    match op:
        case gawee.ReluOp():
            return b.emit(mir.BroadcastMaxOp(x, b.scalar_like(0.0, x)))
        case gawee.ReciprocalOp():
            return b.emit(mir.BroadcastDivOp(b.scalar_like(1.0, x), x))
        case gawee.SigmoidOp():
            denominator = b.emit(
                mir.BroadcastAddOp(b.emit(mir.ExpOp(b.emit(mir.NegOp(x)))), b.scalar_like(1.0, x))
            )
            return b.emit(mir.BroadcastDivOp(b.scalar_like(1.0, x), denominator))
        case gawee.GeluOp():
            return gelu(b, x, op.approximation)
        case gawee.HardSigmoidOp():
            return hard_sigmoid(b, x, op.parameter("alpha"), op.parameter("beta"))
        case gawee.HardSwishOp():
            return b.emit(mir.BroadcastMulOp(x, hard_sigmoid(b, x, 1 / 6, 0.5)))
        case gawee.LeakyReluOp():
            negative = b.emit(mir.BroadcastCmpOp("lt", x, b.scalar_like(0.0, x)))
            scaled = b.emit(mir.BroadcastMulOp(x, b.scalar_like(op.parameter("alpha"), x)))
            return b.emit(mir.SelectOp(negative, scaled, x))
        case gawee.ClipOp():
            if (low := op.bound("min")) is not None:
                x = b.emit(mir.BroadcastMaxOp(x, b.scalar_like(low, x)))
            if (high := op.bound("max")) is not None:
                x = b.emit(mir.BroadcastMinOp(x, b.scalar_like(high, x)))
            return x
        case gawee.NotOp():
            return b.emit(mir.BroadcastXorOp(x, b.scalar(True, i1)))
        case _:
            return None


class UnaryLowering(GaweeToMirPattern):
    """A unary gawee op -> its mir op, or the chain of mir ops of its formula."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        if not isinstance(op, gawee.UnaryElementwiseOp):
            return
        b = MirBuilder()
        (x,) = op.operands
        if (unary := UNARY_OPS.get(type(op))) is not None:
            result = b.emit(unary(x))
        elif (result := decomposed_unary(b, op, x)) is None:
            return
        self.replace_built(rewriter, op, b, result)


class BinaryLowering(GaweeToMirPattern):
    """A broadcasting binary gawee op (arithmetic, logical, comparison) -> its
    `mir.broadcast_*` op; `gawee.where` -> `mir.select`."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        if isinstance(op, gawee.WhereOp):
            self.replace(rewriter, op, [mir.SelectOp(op.condition, op.lhs, op.rhs)])
        elif (binary := BINARY_OPS.get(type(op))) is not None:
            self.replace(rewriter, op, [binary(*op.operands)])


class VariadicLowering(GaweeToMirPattern):
    """gawee.max / min / sum / mean -> their operands folded left to right with
    mir.broadcast_max / min / add (the mean then divided by the count); one operand
    is the result itself."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        combine = VARIADIC_OPS.get(type(op))
        if combine is None:
            return
        b = MirBuilder()
        result = functools.reduce(lambda acc, x: b.emit(combine(acc, x)), op.operands)
        if isinstance(op, gawee.MeanOp):
            result = b.emit(mir.BroadcastDivOp(result, b.scalar_like(len(op.operands), result)))
        self.replace_built(rewriter, op, b, result)


class CastLowering(GaweeToMirPattern):
    """gawee.cast -> mir.cast to the result's element type."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.CastOp, rewriter: PatternRewriter, /):
        self.replace(rewriter, op, [mir.CastOp(op.input, mir.element_type(op.output))])
