"""The scalar forms of the comparisons (`arith.cmpf` on floats, `arith.cmpi` on integers
and i1; used by `elementwise.ElementwiseLowering`) and the lowering of `gawee.cast`: a
`linalg.generic` whose body converts with ONNX Cast's rules."""

from __future__ import annotations

import ml_dtypes
from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, Float4E2M1FNType, IntegerType, f32, i1, i8, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.constraints import E8M0
from nnstack.dialects.gawee import CastOp, CompareOp, EqualOp, GreaterEqualOp, GreaterOp, LessEqualOp, LessOp
from nnstack.dialects.values import numpy_dtype
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


def _float_to_float(x: SSAValue, target: AnyFloat) -> SSAValue:
    """`arith.extf` or `truncf`; between two floats of one width (f16 and bf16, two
    8-bit floats) both, through f32, which holds each of their values."""
    source = x.type
    assert isinstance(source, AnyFloat)
    if source.bitwidth == target.bitwidth:
        x = arith.ExtFOp(x, f32).result
        source = f32
    if target.bitwidth > source.bitwidth:
        return arith.ExtFOp(x, target).result
    return arith.TruncFOp(x, target).result


def _saturated(x: SSAValue, target: Attribute) -> SSAValue:
    """`x` (a float; an integer through f32, exact below the 8-bit floats' ranges)
    clamped to `target`'s largest finite value: `maximumf` and `minimumf` keep NaN."""
    if not isinstance(x.type, AnyFloat):
        x = cast_scalar(x, f32)
    high = float(ml_dtypes.finfo(numpy_dtype(target)).max)
    x = arith.MaximumfOp(x, scalar_constant(-high, x.type).result).result
    return arith.MinimumfOp(x, scalar_constant(high, x.type).result).result


def _to_e8m0(x: SSAValue, saturate: bool, round_mode: str) -> SSAValue:
    """`x` as a power of two (f8E8M0FNU, ONNX Cast's rules: `interpreters.casts.to_e8m0`)
    in integer arith on the bits of its f32 value: the exponent field, plus one where
    `round_mode` rounds up, but not from NaN / inf (0xFF) nor, with `saturate`, from
    2^127; its low byte is the result's bits."""
    bits = arith.BitcastOp(cast_scalar(x, f32), i32).result

    def const(value: int) -> SSAValue:
        return scalar_constant(value, i32).result

    def nonzero(value: SSAValue) -> SSAValue:
        return arith.CmpiOp(value, const(0), "ne").result

    exponent = arith.AndIOp(arith.ShRUIOp(bits, const(23)).result, const(0xFF)).result
    mantissa = arith.AndIOp(bits, const(0x7FFFFF)).result
    if round_mode == "down":
        rounded = exponent
    else:
        up = nonzero(mantissa)
        if round_mode == "nearest":
            rest = arith.OrIOp(
                nonzero(arith.AndIOp(mantissa, const(0x3FFFFF)).result), nonzero(exponent)
            ).result
            up = arith.AndIOp(nonzero(arith.AndIOp(mantissa, const(0x400000)).result), rest).result
        for kept in (0xFF, 0xFE) if saturate else (0xFF,):
            up = arith.AndIOp(up, arith.CmpiOp(exponent, const(kept), "ne").result).result
        rounded = arith.AddiOp(exponent, arith.ExtUIOp(up, i32).result).result
    return arith.BitcastOp(arith.TruncIOp(rounded, i8).result, E8M0).result


def cast_scalar(x: SSAValue, target: Attribute, saturate: bool = False, round_mode: str = "up") -> SSAValue:
    """`x` converted to `target` with ONNX Cast's rules, in arith ops (`saturate` and
    `round_mode`: `gawee.cast`'s, for the 8-bit floats)."""
    source = x.type
    if source == target:
        return x
    if target == E8M0:
        return _to_e8m0(x, saturate, round_mode)
    if saturate or isinstance(target, Float4E2M1FNType):  # (f4E2M1FN has no inf: it saturates)
        x = _saturated(x, target)
        source = x.type
    if target == i1:  # nonzero, and NaN, is true
        predicate = "une" if isinstance(source, AnyFloat) else "ne"
        compare = arith.CmpfOp if isinstance(source, AnyFloat) else arith.CmpiOp
        return compare(x, _zero(source), predicate).result
    if isinstance(target, AnyFloat):
        if isinstance(source, AnyFloat):
            return _float_to_float(x, target)
        return (arith.UIToFPOp if source == i1 else unsigned_variant(arith.SIToFPOp, source))(
            x, target
        ).result
    assert isinstance(target, IntegerType)
    if isinstance(source, AnyFloat):
        if target.width.data < 8:  # (truncated to i32, wrapped: ml_dtypes', onnx's)
            return arith.TruncIOp(arith.FPToSIOp(x, i32).result, target).result
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
    `arith.extf` / `truncf` between floats (through f32 between two of one width),
    `maximumf` / `minimumf` first where an 8-bit float saturates and to f4E2M1FN
    (which has no inf: ml_dtypes and onnx saturate it), `sitofp` (`uitofp` from i1 and the unsigned
    types), `fptosi` (`fptoui` to the unsigned; truncating; to i32 and `trunci` to i4
    and i2, which wrap), the exponent of the f32 bits to f8E8M0FNU, `extsi` / `trunci` (`extui`
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
        saturate = op.saturate is not None
        ops, result = broadcast_generic(op, lambda x, _out: cast_scalar(x, target, saturate, op.rounding))
        rewriter.replace(op, ops, [result])
