"""Lowerings of the element-wise gawee ops to mir.

Ops mir has become the op itself (`gawee.exp` -> `mir.exp`, `gawee.sub` ->
`mir.broadcast_sub`, `gawee.less` -> `mir.broadcast_cmp lt`, `gawee.where` ->
`mir.select`); the variadic max / min / sum / mean fold their operands with the binary
mir op. The composite ops (sigmoid, gelu, clip, ...) were decomposed into these before
(`transforms.gawee_decompose`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from nnstack.dialects import gawee, mir
from nnstack.transforms.gawee_to_mir.base import GaweeToMirPattern, MirBuilder
from nnstack.transforms.utils import op_pattern

__all__ = [
    "BinaryLowering",
    "BitShiftLowering",
    "CastLowering",
    "ModLowering",
    "UnaryLowering",
    "VariadicLowering",
]

UNARY_OPS: Mapping[type[Operation], type[mir.UnaryElementwiseOp]] = {
    gawee.NegOp: mir.NegOp,
    gawee.AbsOp: mir.AbsOp,
    gawee.ExpOp: mir.ExpOp,
    gawee.LogOp: mir.LogOp,
    gawee.SqrtOp: mir.SqrtOp,
    gawee.SinOp: mir.SinOp,
    gawee.CosOp: mir.CosOp,
    gawee.TanhOp: mir.TanhOp,
    gawee.TanOp: mir.TanOp,
    gawee.AsinOp: mir.AsinOp,
    gawee.AcosOp: mir.AcosOp,
    gawee.AtanOp: mir.AtanOp,
    gawee.SinhOp: mir.SinhOp,
    gawee.CoshOp: mir.CoshOp,
    gawee.AsinhOp: mir.AsinhOp,
    gawee.AcoshOp: mir.AcoshOp,
    gawee.AtanhOp: mir.AtanhOp,
    gawee.ErfOp: mir.ErfOp,
    gawee.FloorOp: mir.FloorOp,
    gawee.CeilOp: mir.CeilOp,
    gawee.RoundOp: mir.RoundOp,
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
    gawee.BitwiseAndOp: mir.BroadcastAndOp,
    gawee.BitwiseOrOp: mir.BroadcastOrOp,
    gawee.BitwiseXorOp: mir.BroadcastXorOp,
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


class UnaryLowering(GaweeToMirPattern):
    """A unary gawee op -> its mir op."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        if (unary := UNARY_OPS.get(type(op))) is not None:
            self.replace(rewriter, op, [unary(*op.operands)])


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

    @op_pattern
    def match_and_rewrite(self, op: gawee.CastOp, rewriter: PatternRewriter, /):
        self.replace(rewriter, op, [mir.CastOp(op.input, mir.element_type(op.output))])


class ModLowering(GaweeToMirPattern):
    """gawee.mod -> mir.broadcast_rem (`fmod = true`, the truncated remainder) or
    mir.broadcast_mod (the floored one)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.ModOp, rewriter: PatternRewriter, /):
        remainder = mir.BroadcastRemOp if op.truncated else mir.BroadcastModOp
        self.replace(rewriter, op, [remainder(op.lhs, op.rhs)])


class BitShiftLowering(GaweeToMirPattern):
    """gawee.bit_shift -> mir.broadcast_shl (LEFT) or mir.broadcast_shr (RIGHT, arithmetic:
    mir's integers are signed)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.BitShiftOp, rewriter: PatternRewriter, /):
        shift = mir.BroadcastShlOp if op.left else mir.BroadcastShrOp
        self.replace(rewriter, op, [shift(op.lhs, op.rhs)])
