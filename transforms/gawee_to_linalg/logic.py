"""The scalar forms of the comparisons (`arith.cmpf` on floats, `arith.cmpi` on integers
and i1; used by `elementwise.ElementwiseLowering`) and the lowering of `gawee.cast`: a
`linalg.generic` whose body converts with ONNX Cast's rules."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, IntegerType, i1
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.gawee import CastOp, CompareOp, EqualOp, GreaterEqualOp, GreaterOp, LessEqualOp, LessOp
from nnstack.transforms.utils import op_pattern

from .builder import LoweringBuilder, element_type_of, scalar_constant, shape_of
from .signedness import predicate, unsigned_variant

__all__ = ["CastLowering"]

PREDICATES: dict[type[CompareOp], tuple[str, str]] = {
    EqualOp: ("oeq", "eq"),
    LessOp: ("olt", "slt"),
    LessEqualOp: ("ole", "sle"),
    GreaterOp: ("ogt", "sgt"),
    GreaterEqualOp: ("oge", "sge"),
}
"""The `arith.cmpf` and `arith.cmpi` predicate of each comparison (ordered on floats:
false for NaN, as ONNX's; signed on integers, unsigned on the unsigned ones)."""


def broadcast_generic(op: Operation, body) -> tuple[list[Operation], SSAValue]:
    """One `linalg.generic` over the result with each operand broadcast into it."""
    b = LoweringBuilder()
    result = b.elementwise(list(op.operands), shape_of(op.results[0]), element_type_of(op.results[0]), body)
    return b.ops, result


def compare(predicates: tuple[str, str], lhs: SSAValue, rhs: SSAValue) -> SSAValue:
    if isinstance(lhs.type, AnyFloat):
        return arith.CmpfOp(lhs, rhs, predicates[0]).result
    return arith.CmpiOp(lhs, rhs, predicate(predicates[1], lhs.type)).result


def _zero(typ: Attribute) -> arith.ConstantOp:
    return scalar_constant(0, typ)


def cast_scalar(x: SSAValue, target: Attribute) -> SSAValue:
    """`x` converted to `target` with ONNX Cast's rules, in arith ops."""
    source = x.type
    if source == target:
        return x
    if target == i1:  # nonzero, and NaN, is true
        predicate = "une" if isinstance(source, AnyFloat) else "ne"
        compare = arith.CmpfOp if isinstance(source, AnyFloat) else arith.CmpiOp
        return compare(x, _zero(source), predicate).result
    if isinstance(target, AnyFloat):
        if isinstance(source, AnyFloat):
            wider = target.bitwidth > source.bitwidth
            return (arith.ExtFOp if wider else arith.TruncFOp)(x, target).result
        return (arith.UIToFPOp if source == i1 else unsigned_variant(arith.SIToFPOp, source))(
            x, target
        ).result
    assert isinstance(target, IntegerType)
    if isinstance(source, AnyFloat):
        return unsigned_variant(arith.FPToSIOp, target)(x, target).result
    assert isinstance(source, IntegerType)
    if source == i1:
        return arith.ExtUIOp(x, target).result
    if target.width.data == source.width.data:  # the same bits, another signedness
        return x
    wider = target.width.data > source.width.data
    return (unsigned_variant(arith.ExtSIOp, source) if wider else arith.TruncIOp)(x, target).result


class CastLowering(RewritePattern):
    """
    Lowers `gawee.cast` to a `linalg.generic` whose body converts one element:
    `arith.extf` / `truncf` between floats, `sitofp` (`uitofp` from i1 and the unsigned
    types), `fptosi` (`fptoui` to the unsigned; truncating), `extsi` / `trunci` (`extui`
    from i1 and the unsigned), nothing between the signed and unsigned type of one width,
    and `cmpf une` / `cmpi ne` against zero to i1. A cast to the input's own type is the
    input.
    """

    @op_pattern
    def match_and_rewrite(self, op: CastOp, rewriter: PatternRewriter, /):
        if op.input.type == op.output.type:
            rewriter.replace(op, [], [op.input])
            return
        target = element_type_of(op.output)
        ops, result = broadcast_generic(op, lambda x, _out: cast_scalar(x, target))
        rewriter.replace(op, ops, [result])
