"""Lowerings of the element-wise gawee ops to mir.

Ops mir has become the op itself (`gawee.exp` -> `mir.exp`, `gawee.sub` ->
`mir.broadcast_sub`, `gawee.less` -> `mir.broadcast_cmp lt`, `gawee.where` ->
`mir.select`); the variadic max / min / sum / mean fold their operands with the binary
mir op. The composite ops (sigmoid, gelu, clip, ...) were decomposed into these before
(`transforms.gawee_decompose`). On unsigned integers division, mod, max, min, a right
shift and the ordering comparisons become the unsigned mir ops (`base.unsigned_form`,
`base.predicate`), abs is the identity and a cast is `unsigned` (`MirBuilder.cast`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter

from nnstack.dialects import gawee, mir
from nnstack.dialects.constraints import is_unsigned
from nnstack.transforms.gawee_to_mir.base import GaweeToMirPattern, MirBuilder, predicate, unsigned_form
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

BINARY_OPS: Mapping[type[Operation], type[mir.BroadcastBinaryOp]] = {
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
}
"""The binary gawee ops and the mir op each becomes (both broadcast as numpy; the
unsigned form on unsigned integers)."""

COMPARISONS: Mapping[type[Operation], str] = {
    gawee.EqualOp: "eq",
    gawee.LessOp: "lt",
    gawee.LessEqualOp: "le",
    gawee.GreaterOp: "gt",
    gawee.GreaterEqualOp: "ge",
}
"""The comparisons and their mir.broadcast_cmp predicate (unsigned on unsigned integers)."""

VARIADIC_OPS: Mapping[type[Operation], type[mir.BroadcastBinaryOp]] = {
    gawee.MaxOp: mir.BroadcastMaxOp,
    gawee.MinOp: mir.BroadcastMinOp,
    gawee.SumOp: mir.BroadcastAddOp,
    gawee.MeanOp: mir.BroadcastAddOp,
}
"""The variadic gawee ops and the binary mir op that folds their operands."""


class UnaryLowering(GaweeToMirPattern):
    """A unary gawee op -> its mir op (abs of an unsigned integer: the input)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        if (unary := UNARY_OPS.get(type(op))) is None:
            return
        (x,) = op.operands
        if isinstance(op, gawee.AbsOp) and is_unsigned(mir.element_type(x)):
            self.replace(rewriter, op, [], x)
        else:
            self.replace(rewriter, op, [unary(x)])


class BinaryLowering(GaweeToMirPattern):
    """A broadcasting binary gawee op (arithmetic, logical, comparison) -> its
    `mir.broadcast_*` op (the unsigned form on unsigned integers); `gawee.where` ->
    `mir.select`."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        if isinstance(op, gawee.WhereOp):
            self.replace(rewriter, op, [mir.SelectOp(op.condition, op.lhs, op.rhs)])
            return
        if (binary := BINARY_OPS.get(type(op))) is not None:
            lhs, rhs = op.operands
            self.replace(rewriter, op, [unsigned_form(binary, mir.element_type(lhs))(lhs, rhs)])
        elif (compared := COMPARISONS.get(type(op))) is not None:
            lhs, rhs = op.operands
            self.replace(
                rewriter, op, [mir.BroadcastCmpOp(predicate(compared, mir.element_type(lhs)), lhs, rhs)]
            )


class VariadicLowering(GaweeToMirPattern):
    """gawee.max / min / sum / mean -> their operands folded left to right with
    mir.broadcast_max / min / add (the mean then divided by the count); one operand
    is the result itself."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        combine = VARIADIC_OPS.get(type(op))
        if combine is None:
            return
        combine = unsigned_form(combine, mir.element_type(op.operands[0]))
        b = MirBuilder()
        result = functools.reduce(lambda acc, x: b.emit(combine(acc, x)), op.operands)
        if isinstance(op, gawee.MeanOp):
            result = b.emit(mir.BroadcastDivOp(result, b.scalar_like(len(op.operands), result)))
        self.replace_built(rewriter, op, b, result)


class CastLowering(GaweeToMirPattern):
    """gawee.cast -> mir.cast to the result's element type (`unsigned` from or, from a
    float, to an unsigned integer: `MirBuilder.cast`)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.CastOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        self.replace_built(rewriter, op, b, b.cast(op.input, mir.element_type(op.output)))


class ModLowering(GaweeToMirPattern):
    """gawee.mod -> mir.broadcast_rem (`fmod = true`, the truncated remainder) or
    mir.broadcast_mod (the floored one); on unsigned integers, where the two agree,
    mir.broadcast_urem."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.ModOp, rewriter: PatternRewriter, /):
        remainder = mir.BroadcastRemOp if op.truncated else mir.BroadcastModOp
        self.replace(rewriter, op, [unsigned_form(remainder, mir.element_type(op.lhs))(op.lhs, op.rhs)])


class BitShiftLowering(GaweeToMirPattern):
    """gawee.bit_shift -> mir.broadcast_shl (LEFT) or mir.broadcast_shr (RIGHT:
    arithmetic on signed integers, logical, mir.broadcast_ushr, on unsigned ones)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.BitShiftOp, rewriter: PatternRewriter, /):
        shift = mir.BroadcastShlOp if op.left else mir.BroadcastShrOp
        self.replace(rewriter, op, [unsigned_form(shift, mir.element_type(op.lhs))(op.lhs, op.rhs)])
