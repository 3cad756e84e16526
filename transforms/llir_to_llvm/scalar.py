"""Scalar and vector arithmetic: llir constants, binary and unary ops, comparisons,
select, conversions and the vector ops -> llvm instructions and intrinsics.

Results agree bit for bit with the llir interpreter: IEEE add, sub, mul, div, rem and
sqrt are correctly rounded either way, floor, ceil and roundeven are exact; exp, log, the
trigonometric and hyperbolic functions, erf and pow are computed as the interpreter does,
by the C library in f64 and then rounded to the operand type; min and max propagate NaN (llvm.minimum / llvm.maximum). What llir makes a
run-time error (integer division by zero, a shift amount out of range) is a check
that stops the function with the interpreter's message; a signed division of the
smallest integer by -1 wraps, as in the interpreter, instead of trapping.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xdsl.dialects import llvm
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    Float64Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    RankedStructure,
    VectorType,
    f64,
    i1,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue

from nnstack.dialects import llir
from nnstack.transforms.llir_to_llvm.builder import FunctionLowering, Lowering


def _mangle(typ: Attribute) -> str:
    """The type suffix of an overloaded LLVM intrinsic (`f32`, `v8f32`, `i64`)."""
    if isinstance(typ, VectorType):
        return f"v{typ.get_shape()[0]}{_mangle(typ.element_type)}"
    if isinstance(typ, IntegerType):
        return f"i{typ.width.data}"
    return f"f{llir.bit_width(typ)}"


def _element(typ: Attribute) -> Attribute:
    return typ.element_type if isinstance(typ, VectorType) else typ


def _is_float(typ: Attribute) -> bool:
    return llir.is_float(_element(typ))


def _constant(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.ConstantOp)
    value = op.value
    typ = op.result.type
    if isinstance(value, IntegerAttr | FloatAttr):
        lowering.values[op.result] = lowering.constant(value.value.data, typ)
        return
    if isinstance(value, DenseIntOrFPElementsAttr) and _element(typ) == i1:
        # llvmlite wants i1 lanes as 0 / 1
        lanes: RankedStructure[Any] = value.type
        value = DenseIntOrFPElementsAttr.from_list(lanes, [int(bool(v)) for v in value.get_values()])
    lowering.values[op.result] = lowering.emit(llvm.ConstantOp(value, typ))


_INT_BINARY: dict[type[Operation], type[Operation]] = {
    llir.AddOp: llvm.AddOp,
    llir.SubOp: llvm.SubOp,
    llir.MulOp: llvm.MulOp,
    llir.AndOp: llvm.AndOp,
    llir.OrOp: llvm.OrOp,
    llir.XorOp: llvm.XOrOp,
    llir.VectorAddOp: llvm.AddOp,
    llir.VectorMulOp: llvm.MulOp,
}
_FLOAT_BINARY: dict[type[Operation], type[Operation]] = {
    llir.AddOp: llvm.FAddOp,
    llir.SubOp: llvm.FSubOp,
    llir.MulOp: llvm.FMulOp,
    llir.DivOp: llvm.FDivOp,
    llir.RemOp: llvm.FRemOp,
    llir.VectorAddOp: llvm.FAddOp,
    llir.VectorMulOp: llvm.FMulOp,
}


def _binary(lowering: FunctionLowering, op: Operation) -> None:
    """One llvm instruction, chosen by the operand kind."""
    lhs, rhs = (lowering.value(v) for v in op.operands)
    table = _FLOAT_BINARY if _is_float(op.results[0].type) else _INT_BINARY
    lowering.values[op.results[0]] = lowering.emit(table[type(op)](lhs, rhs))  # pyright: ignore[reportCallIssue]


def _division(lowering: FunctionLowering, op: Operation) -> None:
    """Float: fdiv / frem. Integer: sdiv / srem after a check that the divisor is not
    zero, with -1 handled apart (MIN / -1 traps on x86; llir wraps: -MIN = MIN, rem 0)."""
    if _is_float(op.results[0].type):
        _binary(lowering, op)
        return
    lhs, rhs = (lowering.value(v) for v in op.operands)
    typ = lhs.type
    site = lowering.module.site(op, "integer division by zero")
    lowering.split(lowering.icmp("ne", rhs, lowering.constant(0, typ)), site)
    minus_one = lowering.icmp("eq", rhs, lowering.constant(-1, typ))
    divisor = lowering.emit(llvm.SelectOp(minus_one, lowering.constant(1, typ), rhs))
    if isinstance(op, llir.DivOp):
        quotient = lowering.emit(llvm.SDivOp(lhs, divisor))
        negated = lowering.emit(llvm.SubOp(lowering.constant(0, typ), lhs))
        result = lowering.emit(llvm.SelectOp(minus_one, negated, quotient))
    else:
        remainder = lowering.emit(llvm.SRemOp(lhs, divisor))
        result = lowering.emit(llvm.SelectOp(minus_one, lowering.constant(0, typ), remainder))
    lowering.values[op.results[0]] = result


def _unsigned_division(lowering: FunctionLowering, op: Operation) -> None:
    """udiv / urem after a check that the divisor is not zero (no other case traps)."""
    lhs, rhs = (lowering.value(v) for v in op.operands)
    site = lowering.module.site(op, "integer division by zero")
    lowering.split(lowering.icmp("ne", rhs, lowering.constant(0, rhs.type)), site)
    divide = llvm.UDivOp if isinstance(op, llir.UDivOp) else llvm.URemOp
    lowering.values[op.results[0]] = lowering.emit(divide(lhs, rhs))


_SHIFTS: dict[type[Operation], type[Operation]] = {
    llir.ShlOp: llvm.ShlOp,
    llir.ShrOp: llvm.AShrOp,
    llir.UShrOp: llvm.LShrOp,
}


def _shift(lowering: FunctionLowering, op: Operation) -> None:
    """shl / ashr / lshr after a check that the amount is in [0, width)."""
    lhs, rhs = (lowering.value(v) for v in op.operands)
    typ = lhs.type
    assert isinstance(typ, IntegerType)
    width = typ.width.data
    site = lowering.module.site(op, f"shift amount {{0}} is out of range for i{width}")
    in_range = lowering.icmp("ult", rhs, lowering.constant(width, typ))
    amount = lowering.emit(llvm.ZExtOp(rhs, i64)) if width < 64 else rhs
    lowering.split(in_range, site, [amount])
    lowering.values[op.results[0]] = lowering.emit(_SHIFTS[type(op)](lhs, rhs))  # pyright: ignore[reportCallIssue]


def _min_max(lowering: FunctionLowering, op: Operation) -> None:
    lhs, rhs = (lowering.value(v) for v in op.operands)
    is_min = isinstance(op, llir.MinOp)  # (llir.vmax: float lanes only)
    if _is_float(lhs.type):
        name = f"llvm.{'minimum' if is_min else 'maximum'}.{_mangle(lhs.type)}"
        lowering.values[op.results[0]] = lowering.intrinsic(name, [lhs, rhs], lhs.type)
        return
    first = lowering.icmp("slt" if is_min else "sgt", lhs, rhs)
    lowering.values[op.results[0]] = lowering.emit(llvm.SelectOp(first, lhs, rhs))


def _unsigned_min_max(lowering: FunctionLowering, op: Operation) -> None:
    lhs, rhs = (lowering.value(v) for v in op.operands)
    first = lowering.icmp("ult" if isinstance(op, llir.UMinOp) else "ugt", lhs, rhs)
    lowering.values[op.results[0]] = lowering.emit(llvm.SelectOp(first, lhs, rhs))


def _neg(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.NegOp)
    x = lowering.value(op.operand)
    if _is_float(x.type):
        result = lowering.emit(llvm.FNegOp(x))
    else:
        result = lowering.emit(llvm.SubOp(lowering.constant(0, x.type), x))
    lowering.values[op.result] = result


def _abs(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.AbsOp)
    x = lowering.value(op.operand)
    if _is_float(x.type):
        result = lowering.emit(llvm.FAbsOp(x, x.type))
    else:
        negative = lowering.icmp("slt", x, lowering.constant(0, x.type))
        negated = lowering.emit(llvm.SubOp(lowering.constant(0, x.type), x))
        result = lowering.emit(llvm.SelectOp(negative, negated, x))
    lowering.values[op.result] = result


def _sqrt(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.SqrtOp)
    lowering.values[op.result] = lowering.emit(llvm.FSqrtOp(lowering.value(op.operand)))


_ROUNDING: dict[type[Operation], str] = {
    llir.FloorOp: "llvm.floor",
    llir.CeilOp: "llvm.ceil",
    llir.RoundEvenOp: "llvm.roundeven",
}
"""The rounding ops and the LLVM intrinsic each becomes (exact, as in the interpreter)."""


def _rounding(lowering: FunctionLowering, op: Operation) -> None:
    """The intrinsic by its type-mangled name (`llvm.floor.f16`): llvmlite declares xDSL's
    `llvm.intr.floor` unmangled, one declaration for every type of the module."""
    assert isinstance(op, llir.FloatUnaryOp)
    x = lowering.value(op.operand)
    name = f"{_ROUNDING[type(op)]}.{_mangle(x.type)}"
    lowering.values[op.result] = lowering.intrinsic(name, [x], x.type)


_LIBM: dict[type[Operation], str] = {
    llir.ExpOp: "exp",
    llir.LogOp: "log",
    llir.SinOp: "sin",
    llir.CosOp: "cos",
    llir.TanhOp: "tanh",
    llir.TanOp: "tan",
    llir.AsinOp: "asin",
    llir.AcosOp: "acos",
    llir.AtanOp: "atan",
    llir.SinhOp: "sinh",
    llir.CoshOp: "cosh",
    llir.AsinhOp: "asinh",
    llir.AcoshOp: "acosh",
    llir.AtanhOp: "atanh",
    llir.ErfOp: "erf",
    llir.PowOp: "pow",
}


LIBM_FUNCTIONS = frozenset(_LIBM.values())
"""The C library's math functions the native code calls."""


def _libm(lowering: FunctionLowering, op: Operation) -> None:
    """The C library's f64 function, on the operands extended to f64, rounded back."""
    typ = op.results[0].type
    args = [lowering.value(v) for v in op.operands]
    if not isinstance(typ, Float64Type):
        args = [lowering.emit(llvm.FPExtOp(a, f64)) for a in args]
    result = lowering.call(_LIBM[type(op)], args, f64)
    if not isinstance(typ, Float64Type):
        result = lowering.emit(llvm.FPTruncOp(result, typ))
    lowering.values[op.results[0]] = result


def _cmp(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.CmpOp)
    lhs, rhs = lowering.value(op.lhs), lowering.value(op.rhs)
    predicate = op.predicate.data.value
    if predicate in ("true", "false"):
        result = lowering.constant(int(predicate == "true"), i1)
    elif llir.is_float(op.lhs.type):
        result = lowering.emit(llvm.FCmpOp(lhs, rhs, predicate))
    else:
        result = lowering.icmp(predicate, lhs, rhs)
    lowering.values[op.result] = result


def _select(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.SelectOp)
    cond, a, b = (lowering.value(v) for v in op.operands)
    lowering.values[op.result] = lowering.emit(llvm.SelectOp(cond, a, b))


_CASTS: dict[type[Operation], Callable[[SSAValue, Attribute], Operation]] = {
    llir.SIToFPOp: llvm.SIToFPOp,
    llir.SExtOp: llvm.SExtOp,
    llir.ZExtOp: llvm.ZExtOp,
    llir.TruncOp: llvm.TruncOp,
    llir.FPExtOp: llvm.FPExtOp,
    llir.FPTruncOp: llvm.FPTruncOp,
}


def _cast(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.CastOp)
    x = lowering.value(op.input)
    lowering.values[op.result] = lowering.emit(_CASTS[type(op)](x, op.result.type))


def _float_to_int(lowering: FunctionLowering, op: Operation) -> None:
    """fptosi / fptoui after a check that the value fits (llir's run-time error); the
    saturating intrinsics, as llvm has no plain conversion op in xDSL."""
    assert isinstance(op, llir.FPToSIOp | llir.FPToUIOp)
    x = lowering.value(op.input)
    target = op.result.type
    assert isinstance(target, IntegerType)
    bits = target.width.data
    signed = isinstance(op, llir.FPToSIOp)
    low, high = (-(2.0 ** (bits - 1)), 2.0 ** (bits - 1)) if signed else (0.0, 2.0**bits)
    wide = x if isinstance(x.type, Float64Type) else lowering.emit(llvm.FPExtOp(x, f64))
    # trunc(x) in [low, high) (false for NaN)
    truncated = lowering.intrinsic("llvm.trunc.f64", [wide], f64)
    above = lowering.emit(llvm.FCmpOp(truncated, lowering.constant(low, f64), "oge"))
    below = lowering.emit(llvm.FCmpOp(truncated, lowering.constant(high, f64), "olt"))
    fits = lowering.emit(llvm.AndOp(above, below))
    kind = "i" if signed else "unsigned i"
    bits_as_double = lowering.emit(llvm.BitcastOp(wide, i64))
    site = lowering.module.site(op, f"{{0:float}} does not fit {kind}{bits}")
    lowering.split(fits, site, [bits_as_double])
    name = f"llvm.{'fptosi' if signed else 'fptoui'}.sat.{_mangle(target)}.{_mangle(x.type)}"
    lowering.values[op.result] = lowering.intrinsic(name, [x], target)


def _unsigned_to_float(lowering: FunctionLowering, op: Operation) -> None:
    """uitofp: zero-extended to a wider signed integer, or for i64 halved (keeping the
    low bit for rounding) and doubled when the top bit is set."""
    assert isinstance(op, llir.UIToFPOp)
    x = lowering.value(op.input)
    target = op.result.type
    assert isinstance(x.type, IntegerType)
    if x.type.width.data < 64:
        wide = lowering.emit(llvm.ZExtOp(x, i64))
        lowering.values[op.result] = lowering.emit(llvm.SIToFPOp(wide, target))
        return
    one = lowering.constant(1)
    halved = lowering.emit(llvm.LShrOp(x, one))
    odd = lowering.emit(llvm.AndOp(x, one))
    kept = lowering.emit(llvm.SIToFPOp(lowering.emit(llvm.OrOp(halved, odd)), target))
    doubled = lowering.emit(llvm.FAddOp(kept, kept))
    direct = lowering.emit(llvm.SIToFPOp(x, target))
    negative = lowering.icmp("slt", x, lowering.constant(0))
    lowering.values[op.result] = lowering.emit(llvm.SelectOp(negative, doubled, direct))


def _splat(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.SplatOp)
    typ = op.result.type
    assert isinstance(typ, VectorType)
    lowering.values[op.result] = lowering.splat(lowering.value(op.input), typ.get_shape()[0])


def _fma(lowering: FunctionLowering, op: Operation) -> None:
    """llvm.fma: one rounding (an fmul and an fadd would round twice)."""
    assert isinstance(op, llir.VectorFMAOp)
    lhs, rhs, acc = (lowering.value(v) for v in op.operands)
    lowering.values[op.result] = lowering.emit(llvm.FMAOp(lhs, rhs, acc))


def _reduce_add(lowering: FunctionLowering, op: Operation) -> None:
    """Lanes summed in order from lane 0 (an ordered reduction: no reassociation)."""
    assert isinstance(op, llir.VectorReduceAddOp)
    vector = lowering.value(op.input)
    typ = op.result.type
    if llir.is_float(typ):
        result = lowering.emit(llvm.VectorReduceFAddOp(lowering.constant(-0.0, typ), vector))
    else:
        result = lowering.intrinsic(f"llvm.vector.reduce.add.{_mangle(vector.type)}", [vector], typ)
    lowering.values[op.result] = result


SCALAR_LOWERINGS: dict[type[Operation], Lowering] = {
    llir.ConstantOp: _constant,
    **dict.fromkeys((llir.AddOp, llir.SubOp, llir.MulOp, llir.AndOp, llir.OrOp, llir.XorOp), _binary),
    **dict.fromkeys((llir.VectorAddOp, llir.VectorMulOp), _binary),
    **dict.fromkeys((llir.DivOp, llir.RemOp), _division),
    **dict.fromkeys((llir.UDivOp, llir.URemOp), _unsigned_division),
    **dict.fromkeys(_SHIFTS, _shift),
    **dict.fromkeys((llir.MinOp, llir.MaxOp, llir.VectorMaxOp), _min_max),
    **dict.fromkeys((llir.UMinOp, llir.UMaxOp), _unsigned_min_max),
    llir.NegOp: _neg,
    llir.AbsOp: _abs,
    llir.SqrtOp: _sqrt,
    **dict.fromkeys(_ROUNDING, _rounding),
    **dict.fromkeys(_LIBM, _libm),
    llir.CmpOp: _cmp,
    llir.SelectOp: _select,
    **dict.fromkeys(_CASTS, _cast),
    **dict.fromkeys((llir.FPToSIOp, llir.FPToUIOp), _float_to_int),
    llir.UIToFPOp: _unsigned_to_float,
    llir.SplatOp: _splat,
    llir.VectorFMAOp: _fma,
    llir.VectorReduceAddOp: _reduce_add,
}
