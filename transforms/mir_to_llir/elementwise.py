"""Element-wise mir ops: `mir.broadcast_*` (arithmetic, bitwise, comparisons),
`mir.select`, `mir.broadcast_to`, the unary math ops, `mir.cast`.

Each becomes one `emit_map` nest over the result shape: broadcast operands get stride
0 on their broadcast dims, so one load serves a whole row and, vectorized, is splatted.
llir has vector add, multiply and (of f32 and f64 lanes) maximum only, so `vector-width` > 1
vectorizes add, mul, sub (a + b * -1, exact in IEEE and in wrapping integers), neg
(x * -1) and the max of f32 or f64 (ReLU's `max(x, 0)`); the other ops stay scalar
loops.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import VectorType, f32, f64, i1
from xdsl.ir import Attribute, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, op_type_rewrite_pattern

from nnstack.dialects import llir, mir

from .builder import (
    Builder,
    LlirPattern,
    ScalarBody,
    broadcast_access,
    dense_access,
    emit_map,
    integer_bounds,
)


def _vector_element(values: Sequence[SSAValue]) -> tuple[Attribute, int]:
    typ = values[0].type
    assert isinstance(typ, VectorType)
    return typ.element_type, typ.get_shape()[0]


def _negated(b: Builder, value: SSAValue) -> SSAValue:
    """value * -1 lane-wise (exact negation for floats and wrapping integers)."""
    element, width = _vector_element([value])
    return b.emit(llir.VectorMulOp(value, b.vconst(-1, element, width))).result


def _scalar(op_type: type[llir.BinaryOp]) -> ScalarBody:
    return lambda b, values: b.binary(op_type, *values)


_VECTOR_BODIES: dict[type[mir.BroadcastBinaryOp], ScalarBody] = {
    mir.BroadcastAddOp: lambda b, v: b.emit(llir.VectorAddOp(*v)).result,
    mir.BroadcastMulOp: lambda b, v: b.emit(llir.VectorMulOp(*v)).result,
    mir.BroadcastSubOp: lambda b, v: b.emit(llir.VectorAddOp(v[0], _negated(b, v[1]))).result,
}

_SCALAR_BINARY: dict[type[mir.BroadcastBinaryOp], type[llir.BinaryOp]] = {
    mir.BroadcastAddOp: llir.AddOp,
    mir.BroadcastSubOp: llir.SubOp,
    mir.BroadcastMulOp: llir.MulOp,
    mir.BroadcastDivOp: llir.DivOp,
    mir.BroadcastRemOp: llir.RemOp,
    mir.BroadcastMaxOp: llir.MaxOp,
    mir.BroadcastMinOp: llir.MinOp,
    mir.BroadcastPowOp: llir.PowOp,
    mir.BroadcastAndOp: llir.AndOp,
    mir.BroadcastOrOp: llir.OrOp,
    mir.BroadcastXorOp: llir.XorOp,
    mir.BroadcastUDivOp: llir.UDivOp,
    mir.BroadcastURemOp: llir.URemOp,
    mir.BroadcastUMaxOp: llir.UMaxOp,
    mir.BroadcastUMinOp: llir.UMinOp,
}


def _floored_remainder(b: Builder, values: Sequence[SSAValue]) -> SSAValue:
    """mir.broadcast_mod's element: llir.rem (truncated), plus the divisor where the
    remainder is nonzero and of the other sign; a zero float remainder takes the
    divisor's sign (a divisor that is NaN or 0 made it NaN)."""
    lhs, rhs = values
    typ = lhs.type
    remainder = b.binary(llir.RemOp, lhs, rhs)
    zero = b.const(0.0 if llir.is_float(typ) else 0, typ)
    ne, lt = ("une", "olt") if llir.is_float(typ) else ("ne", "slt")
    signs_differ = b.binary(llir.XorOp, b.cmp(lt, remainder, zero), b.cmp(lt, rhs, zero))
    fix = b.binary(llir.AndOp, b.cmp(ne, remainder, zero), signs_differ)
    result = b.select(fix, b.binary(llir.AddOp, remainder, rhs), remainder)
    if not llir.is_float(typ):
        return result
    signed_zero = b.select(b.cmp("olt", rhs, zero), b.const(-0.0, typ), zero)
    return b.select(b.cmp("oeq", remainder, zero), signed_zero, result)


def _shift(shift: type[llir.IntegerBinaryOp]) -> ScalarBody:
    """mir.broadcast_shl / shr / ushr's element: the llir shift by the amount where it is
    below the width read as unsigned (by 0 elsewhere: llir's shifts fail there), else 0,
    or for shr the sign fill `lhs >> (width - 1)`."""

    def body(b: Builder, values: Sequence[SSAValue]) -> SSAValue:
        lhs, rhs = values
        typ = lhs.type
        width = llir.bit_width(typ)
        zero = b.const(0, typ)
        in_range = b.cmp("ult", rhs, b.const(width, typ))
        amount = b.select(in_range, rhs, zero)
        fill = b.binary(llir.ShrOp, lhs, b.const(width - 1, typ)) if shift is llir.ShrOp else zero
        return b.select(in_range, b.binary(shift, lhs, amount), fill)

    return body


_SCALAR_BODIES: dict[type[mir.BroadcastBinaryOp], ScalarBody] = {
    mir.BroadcastModOp: _floored_remainder,
    mir.BroadcastShlOp: _shift(llir.ShlOp),
    mir.BroadcastShrOp: _shift(llir.ShrOp),
    mir.BroadcastUShrOp: _shift(llir.UShrOp),
}
"""The element of each binary op that is several llir ops."""


def binary_bodies(op: mir.BroadcastBinaryOp) -> tuple[ScalarBody, ScalarBody | None]:
    """The element's body of `op`, and its lanes' body where llir has one (vadd, vmul,
    sub, and vmax of f32 or f64 lanes): what its loop computes, and what a producer's
    epilogue (`mir_to_llir.epilogue`) computes for it."""
    scalar = _SCALAR_BODIES.get(type(op)) or _scalar(_SCALAR_BINARY[type(op)])
    if isinstance(op, mir.BroadcastMaxOp) and mir.element_type(op.result) in (f32, f64):
        return scalar, lambda b, v: b.emit(llir.VectorMaxOp(*v)).result
    return scalar, _VECTOR_BODIES.get(type(op))


class BroadcastBinaryLowering(LlirPattern):
    """mir.broadcast_{add,sub,mul,div,rem,mod,max,min,pow,and,or,xor,shl,shr} and the
    unsigned broadcast_{udiv,urem,umax,umin,ushr} -> a loop nest over the result with
    stride-0 broadcast operands: load, the llir op (the ops of `_SCALAR_BODIES` for mod,
    shl, shr and ushr), store (vector loads, llir.vadd/vmul/vmax and
    vector stores for add/sub/mul and float max when vectorizing)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.BroadcastBinaryOp, rewriter: PatternRewriter, /):
        lhs, rhs = self.operands(op, rewriter)
        b, out = self.start(op)
        shape = mir.tensor_shape(op.result)
        emit_map(
            b,
            shape,
            [
                broadcast_access(b, lhs, mir.tensor_shape(op.lhs), shape),
                broadcast_access(b, rhs, mir.tensor_shape(op.rhs), shape),
            ],
            dense_access(b, out, shape),
            *binary_bodies(op),
        )
        self.replace(op, rewriter, b, [out])


_FLOAT_PREDICATES = {"eq": "oeq", "ne": "une", "lt": "olt", "le": "ole", "gt": "ogt", "ge": "oge"}
"""mir's comparisons on floats as LLVM's fcmp predicates: ordered, but ne is true for NaN."""
_INTEGER_PREDICATES = {
    "eq": "eq", "ne": "ne", "lt": "slt", "le": "sle", "gt": "sgt", "ge": "sge",
    "ult": "ult", "ule": "ule", "ugt": "ugt", "uge": "uge",
}  # fmt: skip


class CompareLowering(LlirPattern):
    """mir.broadcast_cmp -> a loop nest of loads, llir.cmp with the predicate (ordered
    fcmp on floats, une for ne; signed on integers but for ult, ule, ugt, uge), store of
    the i1."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.BroadcastCmpOp, rewriter: PatternRewriter, /):
        lhs, rhs = self.operands(op, rewriter)
        b, out = self.start(op)
        shape = mir.tensor_shape(op.result)
        predicates = _FLOAT_PREDICATES if llir.is_float(mir.element_type(op.lhs)) else _INTEGER_PREDICATES
        predicate = predicates[op.predicate.data]
        emit_map(
            b,
            shape,
            [
                broadcast_access(b, lhs, mir.tensor_shape(op.lhs), shape),
                broadcast_access(b, rhs, mir.tensor_shape(op.rhs), shape),
            ],
            dense_access(b, out, shape),
            lambda b, v: b.emit(llir.CmpOp(predicate, *v)).result,
        )
        self.replace(op, rewriter, b, [out])


class SelectLowering(LlirPattern):
    """mir.select -> a loop nest of loads of the three broadcast operands, llir.select, store."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.SelectOp, rewriter: PatternRewriter, /):
        operands = self.operands(op, rewriter)
        b, out = self.start(op)
        shape = mir.tensor_shape(op.result)
        emit_map(
            b,
            shape,
            [broadcast_access(b, ptr, mir.tensor_shape(v), shape) for ptr, v in zip(operands, op.operands)],
            dense_access(b, out, shape),
            lambda b, v: b.select(*v),
        )
        self.replace(op, rewriter, b, [out])


class BroadcastToLowering(LlirPattern):
    """mir.broadcast_to -> a copy nest over the result reading the input with stride 0
    on its broadcast dims (vectorized, with splats, where the input repeats innermost)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.BroadcastToOp, rewriter: PatternRewriter, /):
        (x,) = self.operands(op, rewriter)
        b, out = self.start(op)
        shape = mir.tensor_shape(op.result)
        source = broadcast_access(b, x, mir.tensor_shape(op.input), shape)
        emit_map(b, shape, [source], dense_access(b, out, shape), lambda b, v: v[0], lambda b, v: v[0])
        self.replace(op, rewriter, b, [out])


_UNARY: dict[type[mir.UnaryElementwiseOp], tuple[type[llir.UnaryOp], ScalarBody | None]] = {
    mir.SqrtOp: (llir.SqrtOp, None),
    mir.ExpOp: (llir.ExpOp, None),
    mir.LogOp: (llir.LogOp, None),
    mir.SinOp: (llir.SinOp, None),
    mir.CosOp: (llir.CosOp, None),
    mir.TanhOp: (llir.TanhOp, None),
    mir.TanOp: (llir.TanOp, None),
    mir.AsinOp: (llir.AsinOp, None),
    mir.AcosOp: (llir.AcosOp, None),
    mir.AtanOp: (llir.AtanOp, None),
    mir.SinhOp: (llir.SinhOp, None),
    mir.CoshOp: (llir.CoshOp, None),
    mir.AsinhOp: (llir.AsinhOp, None),
    mir.AcoshOp: (llir.AcoshOp, None),
    mir.AtanhOp: (llir.AtanhOp, None),
    mir.ErfOp: (llir.ErfOp, None),
    mir.FloorOp: (llir.FloorOp, None),
    mir.CeilOp: (llir.CeilOp, None),
    mir.RoundOp: (llir.RoundEvenOp, None),
    mir.AbsOp: (llir.AbsOp, None),
    mir.NegOp: (llir.NegOp, lambda b, v: _negated(b, v[0])),
}


class UnaryLowering(LlirPattern):
    """mir.sqrt / exp / log / the trigonometric and hyperbolic functions / erf / floor /
    ceil / round / abs / neg -> a loop nest of load, the llir op of the same name
    (llir.roundeven for mir.round), store (neg vectorized as a multiply by -1)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.UnaryElementwiseOp, rewriter: PatternRewriter, /):
        (x,) = self.operands(op, rewriter)
        op_type, vector = _UNARY[type(op)]
        b, out = self.start(op)
        shape = mir.tensor_shape(op.result)
        emit_map(
            b,
            shape,
            [dense_access(b, x, shape)],
            dense_access(b, out, shape),
            lambda b, v: b.emit(op_type(v[0])).result,
            vector,
        )
        self.replace(op, rewriter, b, [out])


def _float_to_int(b: Builder, x: SSAValue, target: Attribute, unsigned: bool) -> SSAValue:
    """mir's float -> int: truncate toward zero, saturate (to [0, 2^N - 1] for an
    `unsigned` one), NaN -> 0.

    llir.fptosi / fptoui of an out-of-range value is a run-time error, so the value is
    compared in f64 (where the integer bounds are exact) and replaced by 0 before
    the conversion whenever it saturates; the bound is selected afterwards.
    """
    if x.type != f64:
        x = b.cast(llir.FPExtOp, x, f64)
    zero = b.const(0.0, f64)
    low, high = (0, (1 << llir.bit_width(target)) - 1) if unsigned else integer_bounds(target)
    x = b.select(b.cmp("uno", x, x), zero, x)
    above = b.emit(llir.CmpOp("oge", x, b.const(float(high), f64))).result
    below = b.emit(llir.CmpOp("ole", x, b.const(float(low), f64))).result
    safe = b.select(b.emit(llir.OrOp(above, below)).result, zero, x)
    value = b.cast(llir.FPToUIOp if unsigned else llir.FPToSIOp, safe, target)
    value = b.select(above, b.const(-1 if unsigned else high, target), value)  # (2^N - 1 is -1's bits)
    return b.select(below, b.const(low, target), value)


def convert_element(b: Builder, x: SSAValue, target: Attribute, unsigned: bool = False) -> SSAValue:
    """`x` converted to `target` with mir.cast's semantics (see mir.CastOp; `unsigned`:
    its `unsigned` property)."""
    source = x.type
    if source == target:
        return x
    if target == i1:
        if llir.is_float(source):
            return b.emit(llir.CmpOp("une", x, b.const(0.0, source))).result
        return b.cmp("ne", x, b.const(0, source))
    if source == i1:
        return b.cast(llir.UIToFPOp if llir.is_float(target) else llir.ZExtOp, x, target)
    if llir.is_float(source) and llir.is_float(target):
        wider = llir.bit_width(target) > llir.bit_width(source)
        return b.cast(llir.FPExtOp if wider else llir.FPTruncOp, x, target)
    if llir.is_float(source):
        return _float_to_int(b, x, target, unsigned)
    if llir.is_float(target):
        return b.cast(llir.UIToFPOp if unsigned else llir.SIToFPOp, x, target)
    wider = llir.bit_width(target) > llir.bit_width(source)
    extend = llir.ZExtOp if unsigned else llir.SExtOp
    return b.cast(extend if wider else llir.TruncOp, x, target)


def converter(target: Attribute, unsigned: bool = False) -> Callable[[Builder, Sequence[SSAValue]], SSAValue]:
    return lambda b, values: convert_element(b, values[0], target, unsigned)


class CastLowering(LlirPattern):
    """mir.cast -> a loop nest of load, the conversion (llir.sitofp / fptosi / sext /
    trunc / fpext / fptrunc / cmp, with saturation for float -> int; uitofp / fptoui /
    zext where the cast is `unsigned`), store; a cast to the same type is a
    vectorizable copy."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.CastOp, rewriter: PatternRewriter, /):
        (x,) = self.operands(op, rewriter)
        b, out = self.start(op)
        shape = mir.tensor_shape(op.result)
        target = mir.element_type(op.result)
        emit_map(
            b,
            shape,
            [dense_access(b, x, shape)],
            dense_access(b, out, shape),
            converter(target, op.is_unsigned),
            (lambda b, v: v[0]) if mir.element_type(op.input) == target else None,
        )
        self.replace(op, rewriter, b, [out])
